import GraphQLCore

/// The fetches in flight, at most one per root identity, and each root's last completed fetch.
///
/// A state machine in the shape of swift-async-algorithms' `DebounceStateMachine`: a value type whose
/// mutating methods return what the caller must do (``BeginAction``, ``FinishAction``). It takes no
/// lock and performs nothing; the runtime keeps it with the rest of its state under one lock.
///
/// Two rules hold by construction, since the registry has no way to cancel or drop a fetch:
/// - a fetch is never cancelled and restarted by a later request: an attach, revalidation,
///   invalidation or heal for a root with a fetch in flight joins it, however many times;
/// - a fetch whose root nobody holds any more still completes: only ``finish(_:outcome:)`` ends it.
public struct InFlightRegistry: Sendable {
    private var nextID: UInt64 = 0
    private var fetchesByRoot: [OperationIdentity: InFlightFetch] = [:]
    private var rootsByFetch: [FetchID: OperationIdentity] = [:]
    private var lastOutcomes: [OperationIdentity: FetchOutcome] = [:]

    /// A fetch in flight and the requests that joined it.
    private struct InFlightFetch: Sendable {
        var id: FetchID
        var reason: FetchReason
        var joinedReasons: [FetchReason] = []
    }

    /// An empty registry.
    public init() {}

    /// A request to fetch `root` for `reason`: start a fetch when none is in flight for that root,
    /// else join the one that is.
    public mutating func begin(_ root: OperationIdentity, reason: FetchReason) -> BeginAction {
        if let fetch = fetchesByRoot[root] {
            fetchesByRoot[root]?.joinedReasons.append(reason)
            return .join(fetch.id)
        }
        nextID += 1
        let id = FetchID(rawValue: nextID)
        fetchesByRoot[root] = InFlightFetch(id: id, reason: reason)
        rootsByFetch[id] = root
        return .start(id)
    }

    /// Ends the fetch `id` with `outcome`, records it as its root's last fetch, and returns who
    /// started and joined it, so the runtime can tell them.
    ///
    /// An unknown or already finished id changes nothing and returns ``FinishAction/none``.
    public mutating func finish(_ id: FetchID, outcome: FetchOutcome) -> FinishAction {
        guard let root = rootsByFetch.removeValue(forKey: id),
            let fetch = fetchesByRoot.removeValue(forKey: root)
        else { return .none }
        lastOutcomes[root] = outcome
        return .completed(
            FetchCompletion(
                fetchID: id, root: root, reason: fetch.reason, joinedReasons: fetch.joinedReasons,
                outcome: outcome))
    }

    /// The root's fetch: in flight, the outcome of its last fetch, or idle when it never had one (or
    /// was forgotten).
    public func status(of root: OperationIdentity) -> FetchStatus {
        if fetchesByRoot[root] != nil { return .inFlight }
        return lastOutcomes[root].map(FetchStatus.init) ?? .idle
    }

    /// The fetch in flight for `root`, if there is one.
    public func fetchInFlight(for root: OperationIdentity) -> FetchID? {
        fetchesByRoot[root]?.id
    }

    /// How many fetches are in flight.
    public var inFlightCount: Int { fetchesByRoot.count }

    /// Forgets the last outcome of a root that left the store's collection roots, so the registry
    /// does not grow with every root ever fetched. A fetch in flight for it is kept and completes.
    public mutating func forget(_ root: OperationIdentity) {
        lastOutcomes[root] = nil
    }
}
