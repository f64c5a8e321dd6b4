/// One thing the runtime did, as a plain value: what a dashboard counts and a trace shows.
///
/// Events are value-free by construction. Every associated value is an ``OperationName`` (GraphQL
/// name grammar only), an ``IdentityHash`` (hex only), a ``FetchReason``, a ``FetchPolicy``, an
/// ``ErrorKind`` (fixed codes), a count or a `Duration`. There is no `String` to put a field
/// value, a variable, a header or a server's error message in, so no sink can leak one.
///
/// A case joins only when an adopter needs a number it cannot derive from the others.
public enum Event: Sendable, Hashable {
    /// A request for `operation` went to the transport: a query's fetch, a mutation, or a
    /// subscription's stream (see ``FetchReason``). Each one ends with exactly one of
    /// ``fetchSucceeded(operation:identity:reason:duration:)``,
    /// ``fetchFailed(operation:identity:reason:duration:error:)``, or, for a subscription's stream,
    /// ``subscriptionParked(operation:identity:duration:)`` or
    /// ``subscriptionCancelled(operation:identity:duration:)``.
    case fetchStarted(operation: OperationName?, identity: IdentityHash, reason: FetchReason)
    /// A fetch for `identity` was wanted while one was in flight, and joined it instead of sending
    /// a request.
    case fetchShared(operation: OperationName?, identity: IdentityHash, reason: FetchReason)
    /// A fetch's response was written to the store, `duration` after it started. For a
    /// subscription's stream: the server ended the stream, `duration` after it opened.
    case fetchSucceeded(operation: OperationName?, identity: IdentityHash, reason: FetchReason, duration: Duration)
    /// A fetch ended without a usable response, `duration` after it started. For a subscription's
    /// stream: the stream failed, or an event did not fit the selection, which ends the stream.
    case fetchFailed(
        operation: OperationName?, identity: IdentityHash, reason: FetchReason, duration: Duration, error: ErrorKind)
    /// An event of a subscription's stream (`reason` ``FetchReason/subscription``) came with
    /// `count` GraphQL errors, with data (then the `published` of that data comes just before) or
    /// alone; the errors are on the subscription (`GraphQLSubscription.serverErrors`). A query's
    /// errors are on its handles and an errors-only answer is its `fetchFailed`. The errors'
    /// messages are never logged: they may hold user data.
    case serverErrors(operation: OperationName?, identity: IdentityHash, reason: FetchReason, count: Int)
    /// A write changed `recordsChanged` records and told `subscriptionsNotified` subscriptions.
    case published(recordsChanged: Int, subscriptionsNotified: Int)
    /// Garbage collection removed `recordsRemoved` records and kept `recordsKept`, reachable from
    /// `roots` roots.
    case collected(recordsRemoved: Int, recordsKept: Int, roots: Int)
    /// An app attached `operation` with `policy`, making a retention.
    case handleAttached(operation: OperationName?, identity: IdentityHash, policy: FetchPolicy)
    /// An app released the handle of `operation`, ending its retention.
    case handleReleased(operation: OperationName?, identity: IdentityHash)
    /// `revalidate()` looked at `candidates` retained roots, started `fetched` fetches and joined
    /// `joined` fetches already in flight.
    case revalidationSwept(candidates: Int, fetched: Int, joined: Int)
    /// `invalidate()` marked all data stale.
    case invalidated
    /// A subscription's stream was closed because the app set `isActive` to `false`, `duration`
    /// after it opened. It opens again (a new `fetchStarted`) when `isActive` is `true` again.
    case subscriptionParked(operation: OperationName?, identity: IdentityHash, duration: Duration)
    /// A subscription's stream was closed because the app cancelled the subscription or dropped its
    /// last reference, `duration` after it opened. Nothing opens it again.
    case subscriptionCancelled(operation: OperationName?, identity: IdentityHash, duration: Duration)
    /// The queue of mutations that did not reach their server changed: `queued` mutations joined
    /// it, `replayed` were answered, `rejected` were refused by the server, `expired` were dropped
    /// for their age or the queue's length; `pending` are left. Counts only: never a mutation's
    /// variables or idempotence ID.
    case mutationQueue(queued: Int, replayed: Int, rejected: Int, expired: Int, pending: Int)
    /// A request for `operation` that sends files went to the transport, just after its
    /// ``fetchStarted(operation:identity:reason:)``: `files` files of `bytes` bytes in all (the size
    /// of each file when the request started; at most `Int.max`). Never a file's name, type or bytes.
    case uploadStarted(operation: OperationName?, identity: IdentityHash, files: Int, bytes: Int)
    /// An answer for `operation` came with field errors, and the store kept `count` of them where
    /// the fields' values would be (each screen that reads such a field is shown the error). The
    /// messages, paths and extensions are never logged: they may hold user data.
    case fieldErrorsStored(operation: OperationName?, identity: IdentityHash, reason: FetchReason, count: Int)

    /// The case's name, as sinks write it (`fetchStarted`, `published`, ...).
    public var name: String {
        switch self {
        case .fetchStarted: return "fetchStarted"
        case .fetchShared: return "fetchShared"
        case .fetchSucceeded: return "fetchSucceeded"
        case .fetchFailed: return "fetchFailed"
        case .published: return "published"
        case .collected: return "collected"
        case .handleAttached: return "handleAttached"
        case .handleReleased: return "handleReleased"
        case .revalidationSwept: return "revalidationSwept"
        case .invalidated: return "invalidated"
        case .subscriptionParked: return "subscriptionParked"
        case .subscriptionCancelled: return "subscriptionCancelled"
        case .serverErrors: return "serverErrors"
        case .mutationQueue: return "mutationQueue"
        case .uploadStarted: return "uploadStarted"
        case .fieldErrorsStored: return "fieldErrorsStored"
        }
    }
}
