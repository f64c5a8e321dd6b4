import EventLog
import EventLogTesting
import Testing

@Suite("InMemoryEventSink")
struct InMemoryEventSinkTests {
    @Test("events are kept in the order recorded until removeAll")
    func keepsAndClears() {
        let sink = InMemoryEventSink()
        for event in EventSamples.all { sink.record(event) }
        #expect(sink.events == EventSamples.all)
        sink.removeAll()
        #expect(sink.events.isEmpty)
        sink.record(.invalidated)
        #expect(sink.events == [.invalidated])
    }

    @Test("firstEvent returns a matching event already recorded without waiting")
    func firstEventAlreadyRecorded() async throws {
        let sink = InMemoryEventSink()
        sink.record(.published(recordsChanged: 1, subscriptionsNotified: 1))
        sink.record(.invalidated)
        let event = try await sink.firstEvent { $0 == .invalidated }
        #expect(event == .invalidated)
    }

    @Test("nextEvent after a mark waits for the matching event another task records")
    func nextEventFromAnotherTask() async throws {
        let sink = InMemoryEventSink()
        sink.record(.revalidationSwept(candidates: 1, fetched: 1, joined: 0))
        let mark = sink.mark()
        let recorder = Task {
            sink.record(.published(recordsChanged: 1, subscriptionsNotified: 0))
            sink.record(.revalidationSwept(candidates: 5, fetched: 4, joined: 1))
        }
        let event = try await sink.nextEvent(after: mark) { event in
            if case .revalidationSwept = event { return true }
            return false
        }
        #expect(event == .revalidationSwept(candidates: 5, fetched: 4, joined: 1))
        await recorder.value
        #expect(sink.events.count == 3)
    }

    @Test("many tasks awaiting different events are each woken by their own")
    func manyWaiters() async throws {
        let sink = InMemoryEventSink()
        let mark = sink.mark()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for expected in 0..<20 {
                group.addTask {
                    let event = try await sink.nextEvent(after: mark) {
                        $0 == .published(recordsChanged: expected, subscriptionsNotified: 0)
                    }
                    guard case .published(let changed, _) = event else { return -1 }
                    return changed
                }
            }
            for value in (0..<20).reversed() {
                sink.record(.published(recordsChanged: value, subscriptionsNotified: 0))
            }
            var woken: [Int] = []
            for try await value in group { woken.append(value) }
            #expect(woken.sorted() == Array(0..<20))
        }
    }

    @Test("cancelling a task that awaits an event ends the wait with CancellationError")
    func cancellation() async throws {
        let sink = InMemoryEventSink()
        let waiting = Task { try await sink.firstEvent { $0 == .invalidated } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        sink.record(.invalidated)
        #expect(sink.events == [.invalidated])
    }

    @Test("the sink works as any EventSink")
    func asExistential() {
        let sinks: [any EventSink] = [InMemoryEventSink(), NoEventSink()]
        for sink in sinks { sink.record(.invalidated) }
        #expect((sinks[0] as? InMemoryEventSink)?.events == [.invalidated])
    }
}
