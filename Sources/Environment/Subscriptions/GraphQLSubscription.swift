import EventLog
import GraphQLCore
import Observation
import Primitives
import StoreCore
import Transport

/// A GraphQL subscription the environment streams into the store: each event's data is written to
/// the store, so every handle that reads those records updates.
///
/// While the environment is not active (``GraphQLEnvironment/isActive`` is `false`) the subscription is
/// parked: its transport stream is closed. It opens a new stream when the environment becomes
/// active again. ``cancel()`` ends it for good, and so does its last reference going away.
///
/// Observe it as a handle is observed: Observation tracks ``phase`` (connecting, active, parked,
/// failed with the error, finished, cancelled), and with it ``failure`` and ``isStreaming``. A phase
/// changes when a stream opens, brings its first event or ends, never at each event, so an event
/// costs the same however many identical subscriptions share its stream; the events are in
/// ``events()`` and ``eventCount``.
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
/// closes it. The phase is changed before its event is logged: code that reacts to the log reads the
/// phase the event stands for.
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

    let environment: GraphQLEnvironment
    private let state = Locked(State())
    private let registrar = ObservationRegistrar()

    private struct State: Sendable {
        /// The shared stream this subscription is a member of now; `nil` while parked, cancelled or
        /// ended.
        var channel: SubscriptionChannel?
        /// The channel's marks when this subscription joined it: its count and errors are the
        /// channel's less these.
        var joined = SubscriptionChannel.Marks()
        /// The last channel's task, kept after a park so that a test can await its end.
        var lastTask: Task<Void, Never>?
        var isCancelled = false
        /// Events and errors of earlier channels, folded in when it left each.
        var eventCount = 0
        var serverErrors: [GraphQLServerError] = []

        /// The events counted so far, with the channel's since it joined.
        var currentEventCount: Int {
            guard let channel else { return eventCount }
            return eventCount + channel.marks.eventCount - joined.eventCount
        }

        /// The last event's errors: the channel's when it had an event since this one joined.
        var currentServerErrors: [GraphQLServerError] {
            guard let channel else { return serverErrors }
            let marks = channel.marks
            return marks.eventSerial > joined.eventSerial ? marks.serverErrors : serverErrors
        }

        /// Leaves the channel, keeping what it counted.
        mutating func leaveChannel() {
            guard let channel else { return }
            let marks = channel.marks
            eventCount += marks.eventCount - joined.eventCount
            if marks.eventSerial > joined.eventSerial { serverErrors = marks.serverErrors }
            self.channel = nil
        }
        var failure: (any Error)?
        /// The phase while no stream is open and the subscription is not cancelled: how the last
        /// stream ended, or parked before any.
        var rest: Phase = .parked
        /// Whether ``GraphQLSubscription/phase`` was read: only then does its stream's first event
        /// tell the observers, so that an event costs nothing for the members nobody observes.
        var isObserved = false

        /// The phase now: the channel's while a member of one.
        var phase: Phase {
            if isCancelled { return .cancelled }
            guard let channel else { return rest }
            return channel.marks.eventSerial > 0 ? .active : .connecting
        }

        /// The app's event streams (``events()``), by a number of their own.
        var listeners: [UInt64: AsyncStream<JSONValue>.Continuation] = [:]
        var nextListener: UInt64 = 0
    }

    init(environment: GraphQLEnvironment, operation: GraphQLOperation, errorPolicy: ErrorPolicy = .endStream) {
        self.environment = environment
        self.operation = operation
        self.errorPolicy = errorPolicy
    }

    deinit {
        let (channel, listeners) = state.withLock { ($0.channel, $0.listeners.values) }
        for listener in listeners { listener.finish() }
        guard let channel else { return }
        environment.leave(channel, ObjectIdentifier(self), .cancelled)
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
        // Lock order: the subscription's, then its channel's; the channel's is not held here.
        if let channel = state.withLock({ $0.channel }) { channel.listen(self) }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            // Lock order: the subscription's, then its channel's. Under the subscription's lock, so
            // that a stream opened meanwhile is either counted here or listens after this.
            state.withLock { state in
                state.listeners[number] = nil
                if state.listeners.isEmpty, let channel = state.channel { channel.unlisten(self) }
            }
        }
        return stream
    }

    /// The shared stream it is a member of now, if any.
    var channel: SubscriptionChannel? { state.withLock { $0.channel } }

    /// How many events were written to the store.
    public var eventCount: Int { state.withLock { $0.currentEventCount } }

    /// The GraphQL errors of the last event: with its data (which was written), or alone under
    /// ``ErrorPolicy/continueStream``. Empty after an event without errors. Their messages may hold
    /// user data: show them, never log them.
    public var serverErrors: [GraphQLServerError] { state.withLock { $0.currentServerErrors } }

    /// Whether a stream is open now: not parked, not cancelled, not ended. Tracked with ``phase``.
    public var isStreaming: Bool {
        registrar.access(self, keyPath: \.phase)
        return state.withLock { $0.channel != nil }
    }

    /// Where the subscription's stream is: connecting, active, parked, failed with the error,
    /// finished, or cancelled. Tracked by Observation as ``Handle/phase`` is; it changes before the
    /// runtime logs the change (``Phase``).
    public var phase: Phase {
        registrar.access(self, keyPath: \.phase)
        let (channel, newlyObserved) = state.withLock { state in
            defer { state.isObserved = true }
            return (state.channel, !state.isObserved)
        }
        // Watched before it is read: a first event after this tells the observers, and one before
        // it is read here. Lock order: the subscription's, then its channel's, never both here.
        if newlyObserved, let channel { channel.watch(self) }
        return state.withLock { $0.phase }
    }

    /// What ended the last stream, when something did: a `TransportError`, a ``FetchError`` with
    /// code ``FetchError/Code/invalidResponse`` for an event that did not fit the selection (that
    /// event is not written), or one with code ``FetchError/Code/graphQLErrors`` for an event with
    /// errors and no data under ``ErrorPolicy/endStream``. It is set before the stream's end is
    /// logged. Tracked with ``phase``.
    public var failure: (any Error)? {
        registrar.access(self, keyPath: \.phase)
        return state.withLock { $0.failure }
    }

    /// Ends the subscription and leaves its stream, which closes when no other subscription of the
    /// same operation and variables shares it. Calling it again does nothing.
    public func cancel() {
        let (channel, listeners) = state.withLock { state in
            state.isCancelled = true
            let channel = state.channel
            state.leaveChannel()
            defer { state.listeners = [:] }
            return (channel, state.listeners.values)
        }
        // Finished with no lock held: a finish runs the stream's termination handler, which takes it.
        for listener in listeners { listener.finish() }
        phaseChanged()
        if let channel { environment.leave(channel, ObjectIdentifier(self), .cancelled) }
    }

    /// Tells Observation's observers that the phase changed. Called with no lock held: an
    /// observer's callback may read the subscription or call the environment.
    func phaseChanged() {
        registrar.withMutation(of: self, keyPath: \.phase) {}
    }

    /// Joins the shared stream of its operation and variables (opening it when there is none),
    /// unless it is a member already or was cancelled. Called under the runtime's lock, with its
    /// table of channels.
    func resume(in channels: inout [OperationIdentity: SubscriptionChannel]) {
        state.withLock { state in
            guard !state.isCancelled, state.channel == nil else { return }
            let identity = operation.identity
            let listening = !state.listeners.isEmpty
            let watching = state.isObserved
            let channel: SubscriptionChannel
            if let open = channels[identity], let marks = open.join(self, listening: listening, watching: watching) {
                channel = open
                state.joined = marks
            } else {
                channel = SubscriptionChannel(operation: operation)
                state.joined =
                    channel.join(self, listening: listening, watching: watching) ?? SubscriptionChannel.Marks()
                channels[identity] = channel
                channel.open(in: environment)
            }
            state.channel = channel
            state.lastTask = channel.task
        }
    }

    /// Returns when the last stream joined has ended (parked, cancelled, or finished by the server)
    /// and its end is logged.
    func lastStreamEnded() async {
        await state.withLock { $0.lastTask }?.value
    }

    /// Leaves the shared stream; ``resume(in:)`` joins one again. Called under the runtime's lock,
    /// with its table of channels; the caller tells the observers (``phaseChanged()``) after it.
    func park(in channels: inout [OperationIdentity: SubscriptionChannel]) {
        let channel = state.withLock { state -> SubscriptionChannel? in
            defer { state.leaveChannel() }
            if state.channel != nil { state.rest = .parked }
            return state.channel
        }
        guard let channel, channel.leave(ObjectIdentifier(self), .parked) else { return }
        if channels[operation.identity] === channel { channels[operation.identity] = nil }
    }

    /// The app's event streams, to hand an event to.
    func listeners() -> [AsyncStream<JSONValue>.Continuation] {
        state.withLock { Array($0.listeners.values) }
    }

    /// `channel`'s stream ended for this subscription, with `failure` or by the server's finish;
    /// the observers are told before the caller logs the end.
    func ended(on channel: SubscriptionChannel, _ failure: (any Error)?) {
        let changed = state.withLock { state -> Bool in
            guard state.channel === channel else { return false }
            state.leaveChannel()
            if let failure { state.failure = failure }
            state.rest = failure.map { .failed($0) } ?? .finished
            return true
        }
        if changed { phaseChanged() }
    }
}

extension GraphQLSubscription: Observable {}
