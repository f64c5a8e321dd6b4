import EventLog
import Primitives

/// A sink that keeps every event in memory, for tests: read ``events``, clear them with
/// ``removeAll()``, and await an event with ``firstEvent(where:)`` or ``nextEvent(after:where:)``
/// instead of sleeping.
public final class InMemoryEventSink: EventSink {
    /// A point in the sequence of recorded events, taken with ``mark()`` before an action so that
    /// ``nextEvent(after:where:)`` finds the events the action records, however fast they come.
    public struct Mark: Sendable, Hashable {
        let sequence: Int
    }

    private struct Waiter {
        let id: UInt64
        let predicate: @Sendable (Event) -> Bool
        let continuation: CheckedContinuation<Event, any Error>
    }

    private struct State {
        var events: [Event] = []
        /// How many events were ever recorded; the sequence number of the next one.
        var recordedCount = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0

        /// The sequence number of `events[0]`.
        var firstSequence: Int { recordedCount - events.count }
    }

    private let state = Locked(State())

    /// An empty sink.
    public init() {}

    /// Every event recorded since the sink was made or last cleared, in the order recorded.
    public var events: [Event] { state.withLock { $0.events } }

    /// Forgets the recorded events. Tasks awaiting an event keep waiting for one recorded later.
    public func removeAll() {
        state.withLock { $0.events.removeAll() }
    }

    /// The point after the last event recorded so far.
    public func mark() -> Mark {
        state.withLock { Mark(sequence: $0.recordedCount) }
    }

    /// Keeps the event and wakes every task awaiting one that matches it.
    public func record(_ event: Event) {
        let woken = state.withLock { state in
            state.events.append(event)
            state.recordedCount += 1
            var woken: [CheckedContinuation<Event, any Error>] = []
            state.waiters.removeAll { waiter in
                guard waiter.predicate(event) else { return false }
                woken.append(waiter.continuation)
                return true
            }
            return woken
        }
        for continuation in woken { continuation.resume(returning: event) }
    }

    /// The first kept event that matches `predicate`, or, when none does yet, the first one
    /// recorded later.
    ///
    /// Throws `CancellationError` when the awaiting task is cancelled. `predicate` runs under the
    /// sink's lock, so it must not call the sink.
    public func firstEvent(where predicate: @escaping @Sendable (Event) -> Bool) async throws -> Event {
        try await nextEvent(after: Mark(sequence: 0), where: predicate)
    }

    /// The first event recorded after `mark` that matches `predicate`, whether it was recorded
    /// before this call (and not cleared since) or comes later.
    ///
    /// Throws `CancellationError` when the awaiting task is cancelled. `predicate` runs under the
    /// sink's lock, so it must not call the sink.
    public func nextEvent(after mark: Mark, where predicate: @escaping @Sendable (Event) -> Bool) async throws -> Event
    {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let immediate: Result<Event, any Error>? = state.withLock { state in
                    // Checked under the lock: a cancellation that came before this point has set
                    // the flag, and one that comes after finds the waiter and removes it.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    let start = Swift.max(0, mark.sequence - state.firstSequence)
                    if start < state.events.count, let event = state.events[start...].first(where: predicate) {
                        return .success(event)
                    }
                    state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
