import EventLog
import GraphQLCore
import Primitives
import StoreCore
import Transport

/// A GraphQL subscription the environment streams into the store: each event's data is written to
/// the store, so every handle that reads those records updates.
///
/// While the environment is not active (``Environment/isActive`` is `false`) the subscription is
/// parked: its transport stream is closed. It opens a new stream when the environment becomes
/// active again. ``cancel()`` ends it for good, and so does its last reference going away.
///
/// GraphQL errors are never dropped. An event with data and errors is written, and its errors are
/// ``serverErrors`` until the next event. An event with errors and no data does what the
/// subscription's ``ErrorPolicy`` says: by default the stream ends and ``failure`` is a
/// ``FetchError`` with code ``FetchError/Code/graphQLErrors`` holding them; with
/// ``ErrorPolicy/continueStream`` they are ``serverErrors`` and the stream goes on.
///
/// Each stream is logged as a fetch with reason `Event.FetchReason.subscription`: `fetchStarted`
/// when it opens, `published` for each event written, `serverErrors` (a count, never a message) for
/// each event with errors, and one end: `fetchSucceeded` when the server ends the stream,
/// `fetchFailed` when it fails, `subscriptionParked` or `subscriptionCancelled` when the runtime
/// closes it.
public final class GraphQLSubscription: Sendable {
    /// What a subscription does with an event that has GraphQL errors and no data.
    public enum ErrorPolicy: Sendable, Hashable {
        /// The stream ends: ``GraphQLSubscription/failure`` is a ``FetchError`` with code
        /// ``FetchError/Code/graphQLErrors`` and the server's errors, logged as `fetchFailed`. The
        /// subscription opens a new stream when the environment becomes active again, as after any
        /// failure.
        case endStream
        /// The stream goes on: the errors are ``GraphQLSubscription/serverErrors`` until the next event.
        case continueStream
    }

    /// The subscription operation.
    public let operation: GraphQLOperation
    /// What an event with errors and no data does.
    public let errorPolicy: ErrorPolicy

    let environment: Environment
    private let state = Locked(State())

    private struct State: Sendable {
        /// The stream open now, with the task that reads it. A stream that ends after it was closed
        /// finds another one here (or none) and leaves it alone.
        var stream: (stream: SubscriptionStream, task: Task<Void, Never>)?
        /// The last stream's task, kept after a park so that a test can await its end.
        var lastTask: Task<Void, Never>?
        var isCancelled = false
        var eventCount = 0
        var serverErrors: [GraphQLServerError] = []
        var failure: (any Error)?
        /// The app's event streams (``events()``), by a number of their own.
        var listeners: [UInt64: AsyncStream<JSONValue>.Continuation] = [:]
        var nextListener: UInt64 = 0
    }

    init(environment: Environment, operation: GraphQLOperation, errorPolicy: ErrorPolicy = .endStream) {
        self.environment = environment
        self.operation = operation
        self.errorPolicy = errorPolicy
    }

    deinit {
        let (open, listeners) = state.withLock { ($0.stream, $0.listeners.values) }
        for listener in listeners { listener.finish() }
        guard let (stream, task) = open else { return }
        stream.close(.cancelled)
        task.cancel()
    }

    /// Each event's `data`, as the server sent it, once it is written to the store: for an app that
    /// reacts to the event itself (a toast, a sound) rather than to the records it changed. Every
    /// call returns a stream of its own that sees the events from then on; it survives parking and
    /// ends when the subscription is cancelled or released. Events are buffered until read.
    public func events() -> AsyncStream<JSONValue> {
        let (stream, continuation) = AsyncStream<JSONValue>.makeStream()
        let number = state.withLock { state -> UInt64? in
            guard !state.isCancelled else { return nil }
            state.nextListener += 1
            state.listeners[state.nextListener] = continuation
            return state.nextListener
        }
        guard let number else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: number) }
        }
        return stream
    }

    /// How many events were written to the store.
    public var eventCount: Int { state.withLock { $0.eventCount } }

    /// The GraphQL errors of the last event: with its data (which was written), or alone under
    /// ``ErrorPolicy/continueStream``. Empty after an event without errors. Their messages may hold
    /// user data: show them, never log them.
    public var serverErrors: [GraphQLServerError] { state.withLock { $0.serverErrors } }

    /// Whether a stream is open now: not parked, not cancelled, not ended.
    public var isStreaming: Bool { state.withLock { $0.stream != nil } }

    /// What ended the last stream, when something did: a `TransportError`, a `StoreError` for an
    /// event that did not fit the selection (that event is not written), or a ``FetchError`` with
    /// code ``FetchError/Code/graphQLErrors`` for an event with errors and no data under
    /// ``ErrorPolicy/endStream``.
    public var failure: (any Error)? { state.withLock { $0.failure } }

    /// Ends the subscription and closes its stream. Calling it again does nothing.
    public func cancel() {
        let (open, listeners) = state.withLock { state in
            state.isCancelled = true
            defer {
                state.stream = nil
                state.listeners = [:]
            }
            return (state.stream, state.listeners.values)
        }
        // Finished with no lock held: a finish runs the stream's termination handler, which takes it.
        for listener in listeners { listener.finish() }
        close(open, .cancelled)
    }

    /// Opens a stream unless one is open or the subscription was cancelled.
    func resume() {
        let operation = operation
        let root = StoreRoot(operation: operation)
        let request = GraphQLRequest(operation)
        let transport = environment.transport
        let store = environment.store
        let log = environment.log
        let errorPolicy = errorPolicy
        state.withLock { state in
            guard !state.isCancelled, state.stream == nil else { return }
            let stream = SubscriptionStream()
            let task = Task { [weak self] in
                // Closed before it began: no request, so nothing to log.
                guard stream.closedBy == nil else { return }
                log.record(EventMapping.fetchStarted(operation, as: .subscription))
                let startedAt = ContinuousClock.now
                var failure: (any Error)?
                do {
                    for try await response in transport.execute(request) {
                        guard stream.closedBy == nil else { break }
                        let errors = response.errors
                        guard let data = response.data, !data.isNull else {
                            if errors.isEmpty { continue }
                            // Kept before it is logged: a test that awaits the event reads them.
                            self?.state.withLock { $0.serverErrors = errors }
                            log.record(EventMapping.serverErrors(operation, as: .subscription, count: errors.count))
                            guard errorPolicy == .continueStream else {
                                throw FetchError(
                                    .graphQLErrors,
                                    "the server answered a subscription event with \(errors.count) errors and no data",
                                    serverErrors: errors)
                            }
                            continue
                        }
                        let report = try store.publish(data, to: root, requestedAt: store.requestInstant())
                        // Counted before it is logged: a test that awaits the event reads the count.
                        let listeners: [AsyncStream<JSONValue>.Continuation] =
                            self?.state.withLock { state in
                                state.eventCount += 1
                                state.serverErrors = errors
                                return Array(state.listeners.values)
                            } ?? []
                        for listener in listeners { listener.yield(data) }
                        log.record(
                            .published(
                                recordsChanged: report.changedRecords.count,
                                subscriptionsNotified: report.notifiedSubscriptions))
                        if !errors.isEmpty {
                            log.record(EventMapping.serverErrors(operation, as: .subscription, count: errors.count))
                        }
                    }
                } catch {
                    if stream.closedBy == nil { failure = error }
                }
                let duration = ContinuousClock.now - startedAt
                switch stream.closedBy {
                case .parked?: log.record(EventMapping.subscriptionParked(operation, duration: duration))
                case .cancelled?: log.record(EventMapping.subscriptionCancelled(operation, duration: duration))
                case nil:
                    if let failure {
                        log.record(
                            EventMapping.fetchFailed(operation, as: .subscription, duration: duration, error: failure))
                    } else {
                        log.record(EventMapping.fetchSucceeded(operation, as: .subscription, duration: duration))
                    }
                }
                self?.ended(stream, failure)
            }
            state.stream = (stream, task)
            state.lastTask = task
        }
    }

    /// Returns when the last stream opened has ended (parked, cancelled, or finished by the server)
    /// and its end is logged.
    func lastStreamEnded() async {
        await state.withLock { $0.lastTask }?.value
    }

    /// Closes the stream; ``resume()`` opens a new one.
    func park() {
        let open = state.withLock { state -> (stream: SubscriptionStream, task: Task<Void, Never>)? in
            defer { state.stream = nil }
            return state.stream
        }
        close(open, .parked)
    }

    private func close(
        _ open: (stream: SubscriptionStream, task: Task<Void, Never>)?, _ reason: SubscriptionStream.Closing
    ) {
        guard let (stream, task) = open else { return }
        stream.close(reason)
        task.cancel()
    }

    private func ended(_ stream: SubscriptionStream, _ failure: (any Error)?) {
        state.withLock { state in
            guard state.stream?.stream === stream else { return }
            state.stream = nil
            if let failure { state.failure = failure }
        }
    }
}
