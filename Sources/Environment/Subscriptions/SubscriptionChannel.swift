import EventLog
import GraphQLCore
import Primitives
import StoreCore
import Transport

/// One server subscription for one operation identity, shared by every streaming
/// ``GraphQLSubscription`` of that operation and those variables: identical subscriptions share it
/// as identical queries share a fetch in flight (decision 0173).
///
/// The channel opens one transport stream, writes each event into the store once, and then hands
/// the event to each member. It closes when its last member leaves (a park, a cancel, a dropped
/// reference), and ends when the server ends the stream or it fails; either way every member left
/// is told before the end is logged, so code that reacts to the log reads the subscription's state
/// as it will stay (issue 25's third defect).
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
        /// Set when the last member left: the stream's end logs this instead of a success or failure.
        var closedBy: Closing?
        /// Set when the channel takes no more members: closed, ended by the server or failed, or
        /// left by every member through their error policy.
        var isShut = false
        var task: Task<Void, Never>?
    }

    init(operation: GraphQLOperation) {
        self.operation = operation
    }

    /// The task that reads the stream; it ends after the stream's end is logged.
    var task: Task<Void, Never>? { state.withLock { $0.task } }

    /// Adds `subscription`; `false` when the channel is shut and a new one must be opened.
    func join(_ subscription: GraphQLSubscription) -> Bool {
        state.withLock { state in
            guard !state.isShut else { return false }
            state.members[ObjectIdentifier(subscription)] = WeakSubscription(subscription: subscription)
            return true
        }
    }

    /// Removes member `id`. When it was the last, the channel closes for `reason`: it takes no more
    /// members, and its stream is cancelled. Returns whether it closed, so that the caller forgets it.
    func leave(_ id: ObjectIdentifier, _ reason: Closing) -> Bool {
        let task = state.withLock { state -> Task<Void, Never>?? in
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
    func open(in environment: Environment) {
        let task = Task { [self] in await stream(in: environment) }
        state.withLock { $0.task = task }
    }

    private var closedBy: Closing? { state.withLock { $0.closedBy } }

    /// The live members, strongly, for one delivery.
    private func members() -> [GraphQLSubscription] {
        state.withLock { $0.members.values.compactMap(\.subscription) }
    }

    /// Removes members that ended on an event (their error policy); returns whether any remain.
    /// With none left the channel is shut, and its stream ends.
    private func remove(_ ended: [GraphQLSubscription]) -> Bool {
        state.withLock { state in
            for member in ended { state.members[ObjectIdentifier(member)] = nil }
            if state.members.isEmpty { state.isShut = true }
            return !state.members.isEmpty
        }
    }

    /// Shuts the channel for good and returns the members it still had.
    private func shut() -> [GraphQLSubscription] {
        state.withLock { state in
            state.isShut = true
            defer { state.members = [:] }
            return state.members.values.compactMap(\.subscription)
        }
    }

    private func stream(in environment: Environment) async {
        // Closed before it began: no request, so nothing to log.
        guard closedBy == nil else { return }
        let log = environment.log
        log.record(EventMapping.fetchStarted(operation, as: .subscription))
        let startedAt = ContinuousClock.now
        var failure: (any Error)?
        do {
            for try await response in environment.transport.execute(GraphQLRequest(operation)) {
                guard closedBy == nil else { break }
                guard try deliver(response, in: environment) else { break }
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

    /// Writes one event through the runtime's answer path and hands it to every member. Returns
    /// whether the stream goes on; throws what ends it for every member.
    private func deliver(_ response: GraphQLResponse, in environment: Environment) throws -> Bool {
        let errors = response.errors
        let log = environment.log
        guard response.hasData else {
            if errors.isEmpty { return true }
            let failure = FetchError(
                .graphQLErrors, "the server answered a subscription event with \(errors.count) errors and no data",
                serverErrors: errors)
            var ending: [GraphQLSubscription] = []
            for member in members() where member.receivedErrors(errors) == .endStream { ending.append(member) }
            // Kept before they are logged: a test that awaits the event reads them.
            log.record(EventMapping.serverErrors(operation, as: .subscription, count: errors.count))
            guard !ending.isEmpty else { return true }
            let othersRemain = remove(ending)
            for member in ending { member.ended(on: self, failure) }
            guard othersRemain else { throw failure }
            return true
        }
        let report = try environment.answer(
            response, of: operation, to: StoreRoot(operation: operation),
            requestedAt: environment.store.requestInstant())
        // Counted before it is logged: a test that awaits the event reads the count. The event's
        // data is built once, and only when some member has a stream of events to hand it to.
        let listeners = members().flatMap { $0.received(errors: errors) }
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
        return true
    }
}
