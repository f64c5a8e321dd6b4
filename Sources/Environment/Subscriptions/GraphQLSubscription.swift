import GraphQLCore
import StoreCore
import Transport

/// A GraphQL subscription the environment streams into the store: each event's data is written to
/// the store, so every handle that reads those records updates.
///
/// While the environment is not active (``Environment/isActive`` is `false`) the subscription is
/// parked: its transport stream is closed. It opens a new stream when the environment becomes
/// active again. ``cancel()`` ends it for good, and so does its last reference going away.
public final class GraphQLSubscription: Sendable {
    /// The subscription operation.
    public let operation: GraphQLOperation

    let environment: Environment
    private let state = Locked(State())

    private struct State: Sendable {
        var task: Task<Void, Never>?
        /// The last stream's task, kept after a park so that a test can await its end.
        var lastTask: Task<Void, Never>?
        /// Numbers the streams, so a stream that ends after it was parked cannot clear its successor.
        var generation = 0
        var isCancelled = false
        var eventCount = 0
        var failure: (any Error)?
    }

    init(environment: Environment, operation: GraphQLOperation) {
        self.environment = environment
        self.operation = operation
    }

    deinit {
        state.withLock { $0.task }?.cancel()
    }

    /// How many events were written to the store.
    public var eventCount: Int { state.withLock { $0.eventCount } }

    /// Whether a stream is open now: not parked, not cancelled, not ended.
    public var isStreaming: Bool { state.withLock { $0.task != nil } }

    /// What ended the last stream, when something did: a `TransportError`, or a `StoreError` for
    /// an event that did not fit the selection (that event is not written).
    public var failure: (any Error)? { state.withLock { $0.failure } }

    /// Ends the subscription and closes its stream. Calling it again does nothing.
    public func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.isCancelled = true
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
    }

    /// Opens a stream unless one is open or the subscription was cancelled.
    func resume() {
        let root = StoreRoot(operation: operation)
        let request = GraphQLRequest(operation)
        let transport = environment.transport
        let store = environment.store
        state.withLock { state in
            guard !state.isCancelled, state.task == nil else { return }
            state.generation += 1
            let generation = state.generation
            let task = Task { [weak self] in
                var failure: (any Error)?
                do {
                    for try await response in transport.execute(request) {
                        guard let data = response.data, !data.isNull else { continue }
                        try store.publish(data, to: root)
                        self?.state.withLock { $0.eventCount += 1 }
                    }
                } catch {
                    if !Task.isCancelled { failure = error }
                }
                self?.ended(generation, failure)
            }
            state.task = task
            state.lastTask = task
        }
    }

    /// Returns when the last stream opened has ended (parked, cancelled, or finished by the server).
    func lastStreamEnded() async {
        await state.withLock { $0.lastTask }?.value
    }

    /// Closes the stream; ``resume()`` opens a new one.
    func park() {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
    }

    private func ended(_ generation: Int, _ failure: (any Error)?) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.task = nil
            if let failure { state.failure = failure }
        }
    }
}
