import Primitives

/// A `sleep` for ``WebSocketTransport``'s timers that returns only when the test wakes it: the
/// manual clock of the Transport tests (Transport does not import Scheduling, whose
/// `ManualWallClock` cannot wake a sleeper). Every requested duration is recorded in order.
final class ManualSleeper: Sendable {
    private struct Sleeper {
        var id: Int
        var duration: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var nextID = 0
        var sleeping: [Sleeper] = []
        var requested: [Duration] = []
        var cancelledBeforeStart: Set<Int> = []
    }

    // `Locked` (NSLock), not `Mutex`: the sanitizer sees its hand-over (docs/decisions/0084).
    private let state = Locked(State())

    /// Every duration asked for so far, in order.
    var requested: [Duration] { state.withLock { $0.requested } }

    /// The durations of the sleeps waiting now.
    var sleeping: [Duration] { state.withLock { $0.sleeping.map(\.duration) } }

    /// The injected sleep: suspends until ``wake(_:)``, or throws when its task is cancelled.
    @Sendable func sleep(_ duration: Duration) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.requested.append(duration)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if state.cancelledBeforeStart.remove(id) != nil { return true }
                    state.sleeping.append(Sleeper(id: id, duration: duration, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleeping.firstIndex(where: { $0.id == id }) else {
                    state.cancelledBeforeStart.insert(id)
                    return nil
                }
                return state.sleeping.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until a sleep of `duration` is waiting, then wakes it (the first such, if several).
    /// Throws when the test is cancelled (its time limit ran out) while none is waiting.
    func wake(_ duration: Duration) async throws {
        while true {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleeping.firstIndex(where: { $0.duration == duration }) else { return nil }
                return state.sleeping.remove(at: index)
            }
            if let sleeper {
                sleeper.continuation.resume()
                return
            }
            try Task.checkCancellation()
            await Task.yield()
        }
    }

    /// Waits until a sleep of `duration` is waiting, without waking it. Throws when the test is
    /// cancelled first.
    func waitUntilSleeping(_ duration: Duration) async throws {
        while !state.withLock({ $0.sleeping.contains { $0.duration == duration } }) {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}
