import EventLog

/// One event of every case, and an exhaustive switch that fails to compile when a case is added
/// without a sample.
enum EventSamples {
    static let items = Event.OperationName("Items")!
    static let updates = Event.OperationName("ItemUpdated")!
    static let identity = Event.IdentityHash(hex: "00ff3a9c0b1d2e4f")!

    static let all: [Event] = [
        .fetchStarted(operation: items, identity: identity, reason: .attach),
        .fetchShared(operation: nil, identity: identity, reason: .revalidation),
        .fetchSucceeded(operation: items, identity: identity, reason: .heal, duration: .milliseconds(12.5)),
        .fetchFailed(
            operation: items, identity: identity, reason: .refetch, duration: .seconds(2), error: .httpStatus(503)),
        .published(recordsChanged: 3, subscriptionsNotified: 2),
        .collected(recordsRemoved: 10, recordsKept: 90, roots: 4),
        .handleAttached(operation: items, identity: identity, policy: .storeOrNetwork),
        .handleReleased(operation: items, identity: identity),
        .revalidationSwept(candidates: 20, fetched: 18, joined: 2),
        .invalidated,
        .subscriptionParked(operation: updates, identity: identity, duration: .seconds(30)),
        .subscriptionCancelled(operation: nil, identity: identity, duration: .microseconds(1)),
        .serverErrors(operation: updates, identity: identity, reason: .subscription, count: 2),
        .mutationQueue(queued: 1, replayed: 2, rejected: 1, expired: 0, pending: 3),
        .uploadStarted(operation: items, identity: identity, files: 2, bytes: 1_048_576),
        .fieldErrorsStored(operation: items, identity: identity, reason: .attach, count: 1),
    ]

    /// The position of the event's case in the declaration; exhaustive, so a new case needs a sample.
    static func caseIndex(_ event: Event) -> Int {
        switch event {
        case .fetchStarted: return 0
        case .fetchShared: return 1
        case .fetchSucceeded: return 2
        case .fetchFailed: return 3
        case .published: return 4
        case .collected: return 5
        case .handleAttached: return 6
        case .handleReleased: return 7
        case .revalidationSwept: return 8
        case .invalidated: return 9
        case .subscriptionParked: return 10
        case .subscriptionCancelled: return 11
        case .serverErrors: return 12
        case .mutationQueue: return 13
        case .uploadStarted: return 14
        case .fieldErrorsStored: return 15
        }
    }

    static let caseCount = 16
}
