import EventLog

extension Event {
    /// The event with its duration, if it has one, set to zero: durations are measured on the real
    /// clock, so a test compares everything else exactly.
    var withoutDuration: Event {
        switch self {
        case .fetchSucceeded(let operation, let identity, let reason, _):
            return .fetchSucceeded(operation: operation, identity: identity, reason: reason, duration: .zero)
        case .fetchFailed(let operation, let identity, let reason, _, let error):
            return .fetchFailed(operation: operation, identity: identity, reason: reason, duration: .zero, error: error)
        case .subscriptionParked(let operation, let identity, _):
            return .subscriptionParked(operation: operation, identity: identity, duration: .zero)
        case .subscriptionCancelled(let operation, let identity, _):
            return .subscriptionCancelled(operation: operation, identity: identity, duration: .zero)
        default:
            return self
        }
    }
}
