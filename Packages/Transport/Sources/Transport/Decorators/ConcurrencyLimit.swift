import Primitives

/// At most N pieces of work in flight at once, first come first served: a limit an app shares
/// between its GraphQL transports and the rest of its networking.
///
/// Hand the same instance to several ``LimitedTransport``s and wrap the app's own requests in
/// ``run(isolation:_:)``; they all queue for the same permits. A waiter whose task is cancelled leaves the queue
/// at once and throws `CancellationError`; a permit is returned whatever way the work ends, so none
/// is ever lost.
public final class ConcurrencyLimit: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var waiterHead = 0
        var nextID: UInt64 = 0
        var inFlight = 0
        var waiting: Int { waiters.count - waiterHead }
    }

    /// The most pieces of work in flight at once.
    public let maximumInFlight: Int
    private let state: Locked<State>

    /// A limit of `maximumInFlight` (at least 1) pieces of work at once.
    public init(maximumInFlight: Int) {
        self.maximumInFlight = max(1, maximumInFlight)
        self.state = Locked(State(available: max(1, maximumInFlight)))
    }

    /// How many pieces of work hold a permit now.
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// How many callers wait for a permit now.
    public var waiting: Int { state.withLock { $0.waiting } }

    /// Runs `body` once a permit is free, and returns the permit when `body` returns or throws.
    ///
    /// Throws `CancellationError` without running `body` when the task is cancelled while it waits.
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> sending Result
    ) async throws -> sending Result {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Waits for a permit. Prefer `run(_:)`: a caller of this must call ``release()`` exactly once.
    func acquire() async throws {
        try Task.checkCancellation()
        let granted = state.withLock { state in
            guard state.available > 0 else { return false }
            state.available -= 1
            state.inFlight += 1
            return true
        }
        if granted { return }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Bool? in
                    // A permit may have come back, or the task been cancelled, since the first look.
                    if Task.isCancelled { return false }
                    if state.available > 0 && state.waiting == 0 {
                        state.available -= 1
                        state.inFlight += 1
                        return true
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let removed = state.withLock { state -> Waiter? in
                guard let index = state.waiters[state.waiterHead...].firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns a permit: the longest waiter gets it, else it becomes free.
    func release() {
        let next = state.withLock { state -> Waiter? in
            if state.waiterHead < state.waiters.count {
                let waiter = state.waiters[state.waiterHead]
                state.waiterHead += 1
                if state.waiterHead > 64 && state.waiterHead * 2 > state.waiters.count {
                    state.waiters.removeFirst(state.waiterHead)
                    state.waiterHead = 0
                }
                return waiter
            }
            state.available += 1
            state.inFlight -= 1
            return nil
        }
        next?.continuation.resume()
    }
}
