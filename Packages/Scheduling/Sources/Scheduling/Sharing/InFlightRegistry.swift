import GraphQLCore

/// The fetches in flight, at most one per root identity, who waits for each, and each root's last
/// completed fetch: the one record of a fetch's life, from its start to the waiters it resumes.
///
/// A state machine in the shape of swift-async-algorithms' `ChannelStateMachine`: a value type whose
/// mutating methods return what the caller must do (``BeginAction``, ``FinishAction``), including the
/// waiters to resume; it takes no lock and performs nothing. The runtime keeps it with the rest of its
/// state under one lock and resumes the waiters after releasing it. `Waiter` is whatever the runtime
/// resumes (a continuation); the registry only keeps and hands them back.
///
/// Two rules hold by construction, since the registry has no way to cancel or drop a fetch:
/// - a fetch is never cancelled and restarted by a later request: an attach, revalidation,
///   invalidation or heal for a root with a fetch in flight joins it, however many times;
/// - a fetch whose root nobody holds any more still completes: only ``finish(_:outcome:followUp:)``
///   ends it.
///
/// A fetch can be followed up: finished with a follow-up reason, it starts the root's next fetch at
/// once, and who waits "following up" (``wait(for:followingUp:_:)``) waits for that fetch's end
/// instead, through any number of follow-ups.
@_spi(Runtime) public struct InFlightRegistry<Waiter: Sendable>: Sendable {
    private var nextID: UInt64 = 0
    private var fetchesByRoot: [OperationIdentity: FetchID] = [:]
    private var inFlight: [FetchID: InFlightFetch] = [:]
    private var lastOutcomes: [OperationIdentity: FetchOutcome] = [:]
    /// For a finished fetch whose follow-up is in flight: that follow-up. Entries go when the
    /// follow-up finishes without one of its own.
    private var followUps: [FetchID: FetchID] = [:]

    /// A fetch in flight, the requests that joined it, and who waits for it.
    private struct InFlightFetch: Sendable {
        var root: OperationIdentity
        var reason: FetchReason
        var joinedReasons: [FetchReason] = []
        /// Resumed when this fetch finishes.
        var waiters: [Waiter] = []
        /// Resumed when this fetch finishes, or, when it is followed up, when the follow-up does.
        var followers: [Waiter] = []
        /// The earlier fetches this one follows up: their ``followUps`` entries point here.
        var predecessors: [FetchID] = []
    }

    /// An empty registry.
    public init() {}

    /// A request to fetch `root` for `reason`: start a fetch when none is in flight for that root,
    /// else join the one that is.
    public mutating func begin(_ root: OperationIdentity, reason: FetchReason) -> BeginAction {
        if let id = fetchesByRoot[root] {
            inFlight[id]?.joinedReasons.append(reason)
            return .join(id)
        }
        return .start(start(root, reason: reason))
    }

    private mutating func start(_ root: OperationIdentity, reason: FetchReason) -> FetchID {
        nextID += 1
        let id = FetchID(rawValue: nextID)
        fetchesByRoot[root] = id
        inFlight[id] = InFlightFetch(root: root, reason: reason)
        return id
    }

    /// Adds `waiter` to fetch `id`, to be resumed when it finishes; with `followingUp`, when the
    /// last of its follow-ups finishes (a fetch that already finished is waited for through its
    /// follow-up in flight). Returns `false`, keeping nothing, when there is nothing to wait for:
    /// resume the waiter at once.
    public mutating func wait(for id: FetchID, followingUp: Bool, _ waiter: Waiter) -> Bool {
        var id = id
        if followingUp, inFlight[id] == nil, let followUp = followUps[id] { id = followUp }
        guard inFlight[id] != nil else { return false }
        if followingUp {
            inFlight[id]?.followers.append(waiter)
        } else {
            inFlight[id]?.waiters.append(waiter)
        }
        return true
    }

    /// Ends the fetch `id` with `outcome`, records it as its root's last fetch, and returns who
    /// started and joined it and who waits for it, so the runtime can tell them.
    ///
    /// With a `followUp` reason, the root's next fetch starts at once (its id is the completion's
    /// ``FetchCompletion/followUp``: send its request), and the fetch's followers wait for it;
    /// otherwise they are resumed with the waiters. An unknown or already finished id changes
    /// nothing and returns ``FinishAction/none``.
    public mutating func finish(_ id: FetchID, outcome: FetchOutcome, followUp: FetchReason? = nil) -> FinishAction {
        guard let fetch = inFlight.removeValue(forKey: id) else { return .none }
        fetchesByRoot[fetch.root] = nil
        lastOutcomes[fetch.root] = outcome
        for predecessor in fetch.predecessors { followUps[predecessor] = nil }
        var resume = fetch.waiters
        var next: FetchID?
        if let followUp {
            let started = start(fetch.root, reason: followUp)
            let chain = fetch.predecessors + [id]
            inFlight[started]?.followers = fetch.followers
            inFlight[started]?.predecessors = chain
            for predecessor in chain { followUps[predecessor] = started }
            next = started
        } else {
            resume += fetch.followers
        }
        return .completed(
            FetchCompletion(
                fetchID: id, root: fetch.root, reason: fetch.reason, joinedReasons: fetch.joinedReasons,
                outcome: outcome, followUp: next),
            resume: resume)
    }

    /// The root's fetch: in flight, the outcome of its last fetch, or idle when it never had one (or
    /// was forgotten).
    public func status(of root: OperationIdentity) -> FetchStatus {
        if fetchesByRoot[root] != nil { return .inFlight }
        return lastOutcomes[root].map(FetchStatus.init) ?? .idle
    }

    /// The fetch in flight for `root`, if there is one.
    public func fetchInFlight(for root: OperationIdentity) -> FetchID? {
        fetchesByRoot[root]
    }

    /// How many fetches are in flight.
    public var inFlightCount: Int { fetchesByRoot.count }

    /// Forgets the last outcome of a root that left the store's collection roots, so the registry
    /// does not grow with every root ever fetched. A fetch in flight for it is kept and completes.
    public mutating func forget(_ root: OperationIdentity) {
        lastOutcomes[root] = nil
    }
}
