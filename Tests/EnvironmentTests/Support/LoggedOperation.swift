import EventLog
import GraphQLCore

/// The events a test expects about one operation, with durations of zero (compare them with
/// ``EventLog/Event/withoutDuration``).
struct LoggedOperation {
    let name: Event.OperationName?
    let identity: Event.IdentityHash

    init(_ operation: GraphQLOperation) {
        name = operation.name.flatMap(Event.OperationName.init)
        identity = Event.IdentityHash(hex: operation.identity.hash) ?? Event.IdentityHash(0)
    }

    func started(_ reason: Event.FetchReason) -> Event {
        .fetchStarted(operation: name, identity: identity, reason: reason)
    }

    func succeeded(_ reason: Event.FetchReason) -> Event {
        .fetchSucceeded(operation: name, identity: identity, reason: reason, duration: .zero)
    }

    func failed(_ reason: Event.FetchReason, _ error: Event.ErrorKind) -> Event {
        .fetchFailed(operation: name, identity: identity, reason: reason, duration: .zero, error: error)
    }

    var parked: Event { .subscriptionParked(operation: name, identity: identity, duration: .zero) }

    var cancelled: Event { .subscriptionCancelled(operation: name, identity: identity, duration: .zero) }
}
