import EventLog
import Primitives
import Testing

@Suite("LineEventSink")
struct LineEventSinkTests {
    /// A `TextOutputStream` whose copies share one buffer, as a stream over a file or a pipe does.
    final class Lines: TextOutputStream, Sendable {
        let text = Locked("")

        func write(_ string: String) { text.withLock { $0 += string } }
    }

    @Test("each event reaches the function as its JSON line, in the order recorded")
    func linesInOrder() {
        let received = Locked<[String]>([])
        let sink = LineEventSink { line in received.withLock { $0.append(line) } }
        let events: [Event] = [
            .invalidated, .published(recordsChanged: 3, subscriptionsNotified: 2),
            .revalidationSwept(candidates: 5, fetched: 1, joined: 2),
        ]
        for event in events { sink.record(event) }
        #expect(
            received.withLock { $0 } == [
                #"{"event":"invalidated"}"#,
                #"{"event":"published","recordsChanged":3,"subscriptionsNotified":2}"#,
                #"{"candidates":5,"event":"revalidationSwept","fetched":1,"joined":2}"#,
            ])
    }

    @Test("the documented text bridge prints one line per event to a TextOutputStream")
    func textBridge() {
        let lines = Lines()
        let sink = textEventSink(lines)
        sink.record(.invalidated)
        sink.record(.collected(recordsRemoved: 4, recordsKept: 10, roots: 2))
        #expect(
            lines.text.withLock { $0 }
                == "{\"event\":\"invalidated\"}\n"
                + "{\"event\":\"collected\",\"recordsKept\":10,\"recordsRemoved\":4,\"roots\":2}\n")
    }
}
