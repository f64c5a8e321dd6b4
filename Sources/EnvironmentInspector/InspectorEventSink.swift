import EventLog
import LoopbackHTTP
import Primitives

/// The event sink an app gives its `GraphQLEnvironment` when it links the inspector: every event goes on
/// to the sink it wraps, and, while an inspector page is open, to the page's live event stream too.
///
/// With no page open, an event costs the wrapped sink's `record` and one uncontended lock to see
/// that nobody listens; nothing is formatted or kept.
public final class InspectorEventSink: EventSink {
    private let next: any EventSink
    /// The open pages' streams; empty when no page is open, which is the one check per event.
    private let streams = Locked<[EventStream]>([])

    /// A sink that forwards every event to `next` (by default, nowhere).
    public init(forwardingTo next: any EventSink = NoEventSink()) {
        self.next = next
    }

    /// Forwards `event`, then sends it to each open page.
    public func record(_ event: Event) {
        next.record(event)
        guard let open = streams.withLock({ $0.isEmpty ? nil : $0 }) else { return }
        let data = String(decoding: event.jsonLine, as: UTF8.self)
        var anyClosed = false
        for stream in open {
            if stream.isClosed { anyClosed = true } else { stream.send(event: event.name, data: data) }
        }
        if anyClosed { pruneClosedStreams() }
    }

    /// A new stream that receives every event from now on, until it is closed.
    func openStream(capacity: Int) -> EventStream {
        let stream = EventStream(capacity: capacity)
        streams.withLock { streams in
            streams.removeAll { $0.isClosed }
            streams.append(stream)
        }
        return stream
    }

    /// Forgets the streams that were closed (a page went away), so that the check sees none open.
    func pruneClosedStreams() {
        streams.withLock { streams in streams.removeAll { $0.isClosed } }
    }

    /// How many page streams are listening (tests).
    var listeners: Int { streams.withLock { $0.count } }
}
