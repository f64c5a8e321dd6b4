import EventLog
import GraphQLCore
import Primitives
import StoreCore
import Transport

/// One server subscription for one operation identity, shared by every streaming
/// ``GraphQLSubscription`` of that operation and those variables: identical subscriptions share it
/// as identical queries share a fetch in flight (decision 0173).
///
/// The channel opens one transport stream, writes each event into the store once, counts it once
/// for every member (``Marks``), and hands it one by one only to the members with app event streams,
/// so an event costs the same with 1,000 members as with 10. Its first event tells only the members
/// whose phase someone reads (``GraphQLSubscription/phase`` turns active), and no later event tells
/// any. It closes when its last member leaves (a park, a cancel, a dropped reference), and ends when
/// the server ends the stream or it fails; either way every member left is told before the end is
/// logged, so code that reacts to the log reads the subscription's state as it will stay.
///
/// Its events are logged once per channel, not per member: `fetchStarted` when the stream opens,
/// `published` for each event written, `serverErrors` for each event with errors, and one end.
final class SubscriptionChannel: Sendable {
    /// Why the runtime closed the channel's stream.
    enum Closing: Sendable {
        /// Its last member was parked: the environment became inactive.
        case parked
        /// Its last member was cancelled or dropped.
        case cancelled
    }

    /// The operation every member subscribes to.
    let operation: GraphQLOperation
    private let state = Locked(State())

    private struct State: Sendable {
        var members: [ObjectIdentifier: WeakSubscription] = [:]
        /// The members with app event streams (``GraphQLSubscription/events()``): the only ones an
        /// event is handed to one by one, so that an event costs the same with 1,000 members as with 10.
        var listening: [ObjectIdentifier: WeakSubscription] = [:]
        /// The members whose phase someone reads: the only ones the first event tells that their
        /// phase is now active.
        var watching: [ObjectIdentifier: WeakSubscription] = [:]
        /// What every member reads of the events so far (``Marks``).
        var marks = Marks()
        /// Set when the last member left: the stream's end logs this instead of a success or failure.
        var closedBy: Closing?
        /// Set when the channel takes no more members: closed, ended by the server or failed, or
        /// left by every member through their error policy.
        var isShut = false
        var task: Task<Void, Never>?
    }

    /// What the channel's events come to, kept once for every member: a member reads its own count
    /// and errors as the channel's less what it had when it joined.
    struct Marks: Sendable {
        /// Events with data written so far.
        var eventCount = 0
        /// Events with data or errors so far: a member that joined before the last one reads its
        /// errors here.
        var eventSerial = 0
        /// The errors of the last event, with its data or alone.
        var serverErrors: [GraphQLServerError] = []
    }

    init(operation: GraphQLOperation) {
        self.operation = operation
    }

    /// The channel's marks now.
    var marks: Marks { state.withLock { $0.marks } }

    /// Hands `subscription` each event from now on, besides counting it: it has an app event stream.
    func listen(_ subscription: GraphQLSubscription) {
        state.withLock { state in
            guard state.members[ObjectIdentifier(subscription)] != nil else { return }
            state.listening[ObjectIdentifier(subscription)] = WeakSubscription(subscription: subscription)
        }
    }

    /// Stops handing `subscription` events one by one: its last app event stream ended. Without it
    /// every member that ever had a stream would be asked for its streams at each event.
    func unlisten(_ subscription: GraphQLSubscription) {
        _ = state.withLock { $0.listening.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    /// How many members are handed each event one by one.
    var listeningCount: Int { state.withLock { $0.listening.count } }

    /// Tells `subscription`'s observers when the first event makes its phase active: someone reads
    /// its phase.
    func watch(_ subscription: GraphQLSubscription) {
        state.withLock { state in
            guard state.members[ObjectIdentifier(subscription)] != nil else { return }
            state.watching[ObjectIdentifier(subscription)] = WeakSubscription(subscription: subscription)
        }
    }

    /// The task that reads the stream; it ends after the stream's end is logged.
    var task: Task<Void, Never>? { state.withLock { $0.task } }

    /// Adds `subscription` (to the listening members too, when `listening`, and to the watching ones
    /// when `watching`); returns the marks it joins at, or `nil` when the channel is shut and a new
    /// one must be opened.
    func join(_ subscription: GraphQLSubscription, listening: Bool, watching: Bool) -> Marks? {
        state.withLock { state in
            guard !state.isShut else { return nil }
            let id = ObjectIdentifier(subscription)
            state.members[id] = WeakSubscription(subscription: subscription)
            if listening { state.listening[id] = WeakSubscription(subscription: subscription) }
            if watching { state.watching[id] = WeakSubscription(subscription: subscription) }
            return state.marks
        }
    }

    /// Removes member `id`. When it was the last, the channel closes for `reason`: it takes no more
    /// members, and its stream is cancelled. Returns whether it closed, so that the caller forgets it.
    func leave(_ id: ObjectIdentifier, _ reason: Closing) -> Bool {
        let task = state.withLock { state -> Task<Void, Never>?? in
            state.listening[id] = nil
            state.watching[id] = nil
            guard state.members.removeValue(forKey: id) != nil, state.members.isEmpty, !state.isShut else {
                return .none
            }
            state.isShut = true
            state.closedBy = reason
            return .some(state.task)
        }
        guard let task else { return false }
        task?.cancel()
        return true
    }

    /// Starts reading the transport, for the first member.
    func open(in environment: GraphQLEnvironment) {
        let task = Task { [self] in await stream(in: environment) }
        state.withLock { $0.task = task }
    }

    private var closedBy: Closing? { state.withLock { $0.closedBy } }

    /// An event with errors and no data: its errors become every member's, and the members whose
    /// policy ends the stream leave. Returns them, whether any member remains (with none left the
    /// channel is shut, and its stream ends), and the watching members the event made active.
    private func errorsWithoutData(_ errors: [GraphQLServerError]) -> (
        ending: [GraphQLSubscription], remain: Bool, active: [GraphQLSubscription]
    ) {
        state.withLock { state in
            state.marks.eventSerial += 1
            state.marks.serverErrors = errors
            let ending = state.members.values.compactMap(\.subscription).filter { $0.errorPolicy == .endStream }
            for member in ending {
                state.members[ObjectIdentifier(member)] = nil
                state.listening[ObjectIdentifier(member)] = nil
                state.watching[ObjectIdentifier(member)] = nil
            }
            if state.members.isEmpty { state.isShut = true }
            return (ending, !state.members.isEmpty, Self.madeActive(state))
        }
    }

    /// An event with data was written: counted once for every member. Returns the listening members,
    /// and the watching members the event made active.
    private func counted(_ errors: [GraphQLServerError]) -> (
        listening: [GraphQLSubscription], active: [GraphQLSubscription]
    ) {
        state.withLock { state in
            state.marks.eventCount += 1
            state.marks.eventSerial += 1
            state.marks.serverErrors = errors
            return (state.listening.values.compactMap(\.subscription), Self.madeActive(state))
        }
    }

    /// The watching members, when the event just counted was the stream's first (their phase turned
    /// active); none for any later event.
    private static func madeActive(_ state: State) -> [GraphQLSubscription] {
        guard state.marks.eventSerial == 1 else { return [] }
        return state.watching.values.compactMap(\.subscription)
    }

    /// Shuts the channel for good and returns the members it still had.
    private func shut() -> [GraphQLSubscription] {
        state.withLock { state in
            state.isShut = true
            defer {
                state.members = [:]
                state.listening = [:]
                state.watching = [:]
            }
            return state.members.values.compactMap(\.subscription)
        }
    }

    private func stream(in environment: GraphQLEnvironment) async {
        // Closed before it began: no request, so nothing to log.
        guard closedBy == nil else { return }
        let log = environment.log
        log.record(EventMapping.fetchStarted(operation, as: .subscription))
        let startedAt = ContinuousClock.now
        var failure: (any Error)?
        do {
            for try await response in environment.transport.execute(GraphQLRequest(operation)) {
                guard closedBy == nil else { break }
                try deliver(response, in: environment)
            }
        } catch {
            failure = error
        }
        // Every member still here learns how the stream ended before the end is logged.
        let remaining = shut()
        let closedBy = closedBy
        if closedBy == nil {
            for member in remaining { member.ended(on: self, failure) }
        }
        environment.forget(self)
        let duration = ContinuousClock.now - startedAt
        switch closedBy {
        case .parked?: log.record(EventMapping.subscriptionParked(operation, duration: duration))
        case .cancelled?: log.record(EventMapping.subscriptionCancelled(operation, duration: duration))
        case nil:
            if let failure {
                log.record(EventMapping.fetchFailed(operation, as: .subscription, duration: duration, error: failure))
            } else {
                log.record(EventMapping.fetchSucceeded(operation, as: .subscription, duration: duration))
            }
        }
    }

    /// Writes one event through the runtime's answer path and counts it for every member; throws
    /// what ends the stream for every member.
    private func deliver(_ response: GraphQLResponse, in environment: GraphQLEnvironment) throws {
        let errors = response.errors
        let log = environment.log
        guard response.hasData else {
            if errors.isEmpty { return }
            let failure = FetchError(
                .graphQLErrors, "the server answered a subscription event with \(errors.count) errors and no data",
                serverErrors: errors)
            // Kept before they are logged: a test that awaits the event reads them.
            let (ending, remain, active) = errorsWithoutData(errors)
            for member in ending { member.ended(on: self, failure) }
            for member in active { member.phaseChanged() }
            log.record(EventMapping.serverErrors(operation, as: .subscription, count: errors.count))
            guard remain else { throw failure }
            return
        }
        let report = try environment.answer(
            response, of: operation, to: StoreRoot(operation: operation),
            requestedAt: environment.store.requestInstant())
        // Counted before it is logged: a test that awaits the event reads the count. The event's
        // data is built once, and only when some member has a stream of events to hand it to.
        let (listening, active) = counted(errors)
        for member in active { member.phaseChanged() }
        let listeners = listening.flatMap { $0.listeners() }
        if !listeners.isEmpty {
            let data = response.data ?? .null
            for listener in listeners { listener.yield(data) }
        }
        log.record(
            .published(recordsChanged: report.changedRecords.count, subscriptionsNotified: report.notifiedSubscriptions)
        )
        if !errors.isEmpty {
            log.record(EventMapping.serverErrors(operation, as: .subscription, count: errors.count))
        }
    }
}
