import EventLog
import GraphQLCore
import Primitives
import Retention
import Scheduling
import StoreCore

/// Everything the runtime's one lock guards: the retention table, the in-flight registry and the
/// heal suppression (the state machines that decide), and the entries of the roots they name.
///
/// Its methods decide and record what to do in ``Effects``; they never call the transport, the
/// event sink or an observer (those run after the lock is released). They may take a handle's lock
/// and the store's lock, always in that order after the runtime's: nothing ever takes the runtime's
/// lock while holding either.
struct RuntimeState: Sendable {
    var retentions: RetentionTable
    var registry = InFlightRegistry()
    var suppression = HealSuppression()
    var roots: [OperationIdentity: RootEntry] = [:]
    /// The retained roots as one dense array, for sweeps; in step with ``retentions``.
    var retained = RetainedRootTable()
    /// The fetches in flight: what completing them needs, and who awaits them.
    var fetches: [FetchID: ActiveFetch] = [:]
    /// For a fetch that completed while a follow-up of it is in flight: that follow-up (an answer
    /// requested before an invalidation is followed by one requested after it, decision 0130).
    /// Entries go when the follow-up completes.
    var followUps: [FetchID: FetchID] = [:]
    /// A collection was asked for and has not started yet (collections coalesce).
    var collectionPending = false
    var isActive = true
    /// The GraphQL subscriptions, weakly: parked and resumed with ``isActive``.
    var subscriptions: [WeakSubscription] = []

    struct ActiveFetch: Sendable {
        let root: OperationIdentity
        let reason: Scheduling.FetchReason
        let startedAt: ContinuousClock.Instant
        let requestedAt: WallInstant
        /// Who awaits this fetch's end.
        var waiters: [CheckedContinuation<FetchState?, Never>] = []
        /// Who awaits this fetch's end or, when it is followed up, the follow-up's.
        var followers: [CheckedContinuation<FetchState?, Never>] = []
        /// The earlier fetches this one follows up: their ``followUps`` entries point here.
        var predecessors: [FetchID] = []
    }

    init(releaseBufferSize: Int) {
        retentions = RetentionTable(releaseBufferSize: releaseBufferSize)
    }

    /// A request to fetch `root` for `reason`: starts a fetch (one request) and tells the root's
    /// network holders their fetch is in flight, or joins the one in flight. A caller that updates
    /// the handles itself right after (a store change, a completion) passes `updatesHandles: false`,
    /// so that each handle changes once.
    mutating func begin(
        _ root: OperationIdentity, reason: Scheduling.FetchReason, store: Store, updatesHandles: Bool = true,
        into effects: inout Effects
    ) -> FetchID? {
        guard let entry = roots[root] else { return nil }
        let action = registry.begin(root, reason: reason)
        switch action {
        case .start(let id):
            let requestedAt = store.requestInstant()
            fetches[id] = ActiveFetch(root: root, reason: reason, startedAt: .now, requestedAt: requestedAt)
            let sent = entry.operationToSend()
            effects.requests.append(
                FetchRequest(
                    id: id, operation: entry.operation, sent: sent,
                    storeRoot: sent == entry.operation ? entry.writeRoot : StoreRoot(operation: sent), reason: reason,
                    requestedAt: requestedAt))
            effects.events.append(EventMapping.fetchStarted(entry.operation, reason: reason))
            if updatesHandles {
                updateHandles(of: root, into: &effects) { state in
                    guard state.policy.allowsNetwork else { return }
                    state.fetch = .inFlight
                }
            }
        case .join:
            // The root's network holders were told when the fetch started, and a holder attached
            // since was told at its attach: a join changes no handle (1,000 joins stay linear).
            effects.events.append(EventMapping.fetchShared(entry.operation, reason: reason))
        }
        return action.fetchID
    }

    /// The root's fetch as a handle that allows the network shows it: the in-flight registry's
    /// status (the one record `revalidate()` reads too), with the last failure's error.
    func fetchState(of root: OperationIdentity) -> FetchState {
        switch registry.status(of: root) {
        case .idle: return .idle
        case .inFlight: return .inFlight
        case .succeeded(let instant): return .succeeded(at: instant)
        case .failed(_, let kind):
            return .failed(roots[root]?.lastError ?? FetchError(.transport, "the root's last fetch failed (\(kind))"))
        }
    }

    /// Runs `body` on each live handle of `root` under its lock, and keeps the handle in `effects`
    /// so its observers are told after the locks are released.
    mutating func updateHandles(
        of root: OperationIdentity, into effects: inout Effects, _ body: (inout HandleState) -> Void
    ) {
        guard let entry = roots[root] else { return }
        for box in entry.handles.values {
            guard let handle = box.handle else { continue }
            effects.handles.append(handle)
            _ = handle.update(body)
        }
    }

    /// Brings ``retained`` in step with the retention table for `root`, after a retain or a release
    /// of it: every change to ``retentions`` is followed by this call.
    mutating func retentionsChanged(for root: OperationIdentity) {
        if retentions.isRetained(root), let entry = roots[root] {
            retained.retained(root, entry: entry, holderAllowsNetwork: retentions.anyHolderAllowsNetwork(root))
        } else {
            retained.released(root)
        }
    }

    /// The planner's facts about every retained root, in ``retained``'s order, with the staleness
    /// `staleness` gives each (which may update the slot's hints for the store).
    mutating func retainedRoots(
        staleness: (borrowing RetainedRootTable.Slot, inout RecordPositionHints) -> Staleness
    ) -> [RetainedRoot] {
        assert(retained.isInStep(with: retentions), "the sweep table drifted from the retention table")
        var facts: [RetainedRoot] = []
        facts.reserveCapacity(retained.slots.count)
        let registry = registry
        retained.forEachSlot { slot, hints in
            facts.append(
                RetainedRoot(
                    root: slot.root, staleness: staleness(slot, &hints), fetch: registry.status(of: slot.root),
                    holderAllowsNetwork: slot.holderAllowsNetwork))
        }
        return facts
    }

    /// The staleness of a root's data from the store's check of it (write times of every field it
    /// reads, refreshed by any operation's response) and the root's expiration.
    static func staleness(_ availability: Availability, expiration: Expiration, now: WallInstant) -> Staleness {
        guard !availability.isMissingData, let oldestWrite = availability.oldestWriteTime else {
            return .stale(.missing)
        }
        return Staleness.of(
            oldestWrite: oldestWrite, invalidatedAt: availability.isInvalidated ? oldestWrite : nil,
            expiration: expiration, now: now)
    }

    /// Performs a plan: one `begin` per fetch and per join. Returns the fetches the plan serves.
    mutating func perform(
        _ plan: FetchPlan, store: Store, updatesHandles: Bool = true, into effects: inout Effects
    ) -> [FetchID] {
        var ids: [FetchID] = []
        for request in plan.fetches + plan.joins {
            if let id = begin(
                request.root, reason: request.reason, store: store, updatesHandles: updatesHandles, into: &effects)
            {
                ids.append(id)
            }
        }
        return ids
    }

    /// Asks for a coalesced collection: only the first ask before it runs starts one.
    mutating func requestCollection(into effects: inout Effects) {
        guard !collectionPending else { return }
        collectionPending = true
        effects.collects = true
    }
}
