import EventLog
import Primitives
@_spi(Runtime) import Scheduling
import StoreCore

/// What a decision made under the runtime's lock asks to be done once the lock is released:
/// requests to send, handles whose observers to tell, events to record, waiters to wake, a
/// collection to run.
///
/// Handles are kept here (strongly) on purpose: a handle whose last reference is dropped runs its
/// `deinit`, which takes the runtime's lock; dropping it here, after the lock is released, cannot
/// deadlock.
struct Effects: Sendable {
    var requests: [FetchRequest] = []
    /// How many fetches the decision started: each is one request, in ``requests`` or, while pages
    /// of its root are in flight, deferred until they end.
    var fetchesStarted = 0
    var handles: [Handle] = []
    var events: [Event] = []
    var waiters: [(FetchWaiter, FetchState)] = []
    var collects = false
    /// Optimistic layers to remove once the lock is released (a forgotten root's `no-store` answer):
    /// removing one tells subscriptions, whose callbacks take the lock.
    var removedLayers: [String] = []
}

/// One request to send: a fetch the registry started.
struct FetchRequest: Sendable {
    let id: FetchID
    /// The root's operation: its identity names the root, and the log names the fetch by it.
    let operation: GraphQLOperation
    /// What is sent: the root's operation, or for a paged root its refetch of every edge shown.
    let sent: GraphQLOperation
    /// Where the answer is written: `sent`'s root.
    let storeRoot: StoreRoot
    let reason: Scheduling.FetchReason
    /// The store's instant for this request: its answer is written with it, so the data is as old
    /// as the request (``StoreCore/Store/publish(_:to:requestedAt:)``).
    let requestedAt: WallInstant
    /// When the fetch started, for its duration in the log.
    let startedAt: ContinuousClock.Instant
}
