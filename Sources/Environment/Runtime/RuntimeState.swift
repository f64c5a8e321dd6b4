import EventLog
import GraphQLCore
import Primitives
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

/// Who waits for a fetch's end: resumed with the root's fetch state when it ends, or `nil` when
/// there was nothing to wait for.
typealias FetchWaiter = CheckedContinuation<FetchState?, Never>

/// Everything the runtime's one lock guards: the retention table, the in-flight registry and the
/// heal suppression (the state machines that decide), and the entries of the roots they name.
///
/// Its methods decide and record what to do in ``Effects``; they never call the transport, the
/// event sink or an observer (those run after the lock is released). They may take a handle's lock
/// and the store's lock, always in that order after the runtime's: nothing ever takes the runtime's
/// lock while holding either.
struct RuntimeState: Sendable {
    var retentions: RetentionTable
    /// The fetches in flight and who waits for each: the one record of a fetch's life.
    var registry = InFlightRegistry<FetchWaiter>()
    var suppression = HealSuppression()
    var roots: [OperationIdentity: RootEntry] = [:]
    /// The retained roots as one dense array, for sweeps; in step with ``retentions``.
    var retained = RetainedRootTable()
    /// How many pages of each paged root are in flight. A fetch of the root begun while one is
    /// waits in ``deferredFetches``: the list it would replace is still growing.
    var pagesInFlight: [OperationIdentity: Int] = [:]
    /// A fetch of a root begun while pages of it were in flight: sent when the last of them ends,
    /// sized for the list they left. Others join it meanwhile, as any fetch in flight.
    var deferredFetches: [OperationIdentity: DeferredFetch] = [:]
    /// A collection was asked for and has not started yet (collections coalesce).
    var collectionPending = false
    var isActive = true
    /// The GraphQL subscriptions, weakly: parked and resumed with ``isActive``.
    var subscriptions: [WeakSubscription] = []
    /// The shared server subscriptions, one per operation identity that has a streaming subscription.
    var subscriptionChannels: [OperationIdentity: SubscriptionChannel] = [:]
    /// The last garbage collection: what it removed and kept, and when; for the inspector.
    var lastCollection: LastCollection?

    /// A fetch that waits for a root's pages, with the root's entry as it began.
    struct DeferredFetch: Sendable {
        let id: FetchID
        let reason: Scheduling.FetchReason
        let entry: RootEntry
        let startedAt: ContinuousClock.Instant
    }

    /// Whether the store has a missing-field handler, which reads fields' arguments: then a retained
    /// root's check keeps its variables (``RetainedRootTable``).
    let readsMissingFieldArguments: Bool

    init(releaseBufferSize: Int, readsMissingFieldArguments: Bool = false) {
        retentions = RetentionTable(releaseBufferSize: releaseBufferSize)
        self.readsMissingFieldArguments = readsMissingFieldArguments
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
            started(id, of: root, entry, reason: reason, store: store, updatesHandles: updatesHandles, into: &effects)
        case .join:
            // The root's network holders were told when the fetch started, and a holder attached
            // since was told at its attach: a join changes no handle (1,000 joins stay linear).
            roots[root]?.joinedFetches += 1
            effects.events.append(EventMapping.fetchShared(entry.operation, reason: reason))
        }
        return action.fetchID
    }

    /// Fetch `id` of `root` started (a begin, or the registry's follow-up): its request is sent, or
    /// deferred while pages of the root are in flight, and the root's network holders are told.
    mutating func started(
        _ id: FetchID, of root: OperationIdentity, _ entry: RootEntry, reason: Scheduling.FetchReason, store: Store,
        updatesHandles: Bool, into effects: inout Effects
    ) {
        effects.fetchesStarted += 1
        if pagesInFlight[root, default: 0] > 0 {
            // Sized when sent, after the pages land: sent now, it would ask for the list without
            // them, and its answer would replace the longer list they leave (decision 0174).
            deferredFetches[root] = DeferredFetch(id: id, reason: reason, entry: entry, startedAt: .now)
        } else {
            effects.requests.append(
                request(id, of: entry, reason: reason, requestedAt: store.requestInstant(), startedAt: .now))
        }
        effects.events.append(EventMapping.fetchStarted(entry.operation, reason: reason))
        if updatesHandles {
            updateHandles(of: root, into: &effects) { state in
                guard state.policy.allowsNetwork else { return }
                state.fetch = .inFlight
            }
        }
    }

    /// The request of fetch `id` of `entry`'s root, sized for what the root shows now.
    private func request(
        _ id: FetchID, of entry: RootEntry, reason: Scheduling.FetchReason, requestedAt: WallInstant,
        startedAt: ContinuousClock.Instant
    ) -> FetchRequest {
        let sent = entry.operationToSend()
        return FetchRequest(
            id: id, operation: entry.operation, sent: sent,
            storeRoot: sent == entry.operation ? entry.writeRoot : StoreRoot(operation: sent), reason: reason,
            requestedAt: requestedAt, startedAt: startedAt)
    }

    /// A page of `root` is about to be sent: unless a fetch of the root is in flight (returned, for
    /// the page to wait for it and look again), the page is counted in flight until
    /// ``pageEnded(of:store:into:)``, and a fetch of the root begun meanwhile waits for it.
    mutating func pageBegins(of root: OperationIdentity) -> FetchID? {
        if let fetch = registry.fetchInFlight(for: root) { return fetch }
        pagesInFlight[root, default: 0] += 1
        return nil
    }

    /// A page of `root` landed or failed. When it was the root's last page in flight, the fetch of
    /// the root that waited for it is sent, sized for the list the pages left.
    mutating func pageEnded(of root: OperationIdentity, store: Store, into effects: inout Effects) {
        let remaining = pagesInFlight[root, default: 1] - 1
        pagesInFlight[root] = remaining > 0 ? remaining : nil
        guard remaining <= 0, let deferred = deferredFetches.removeValue(forKey: root) else { return }
        // A root forgotten meanwhile still gets its answer, as any fetch in flight does.
        effects.requests.append(
            request(
                deferred.id, of: roots[root] ?? deferred.entry, reason: deferred.reason,
                requestedAt: store.requestInstant(), startedAt: deferred.startedAt))
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
            retained.retained(
                root, entry: entry, holderAllowsNetwork: retentions.anyHolderAllowsNetwork(root),
                argumentsRead: readsMissingFieldArguments)
        } else {
            retained.released(root)
        }
    }

    /// Takes the server's `maxAge` from `root`'s latest answer into its expiration, in the entry and,
    /// when it changed (not at every answer: most say nothing), in the sweep table.
    mutating func noteServerMaxAge(_ seconds: Int?, of root: OperationIdentity, default defaultExpiration: Expiration) {
        guard roots[root]?.noteServerMaxAge(seconds, default: defaultExpiration) == true else { return }
        retentionsChanged(for: root)
    }

    /// The planner's facts about every retained root, in ``retained``'s order, with the staleness
    /// `staleness` gives each (which may update the slot's hints for the store).
    mutating func retainedRoots(
        staleness: (borrowing RetainedRootTable.Slot, inout RecordPositionHints) -> (Staleness, readsFieldErrors: Bool)
    ) -> [RetainedRoot] {
        assert(retained.isInStep(with: retentions), "the sweep table drifted from the retention table")
        var facts: [RetainedRoot] = []
        facts.reserveCapacity(retained.slots.count)
        let registry = registry
        retained.forEachSlot { slot, hints in
            let (judged, readsFieldErrors) = staleness(slot, &hints)
            var root = RetainedRoot(
                root: slot.root, staleness: judged, fetch: registry.status(of: slot.root),
                holderAllowsNetwork: slot.holderAllowsNetwork)
            root.readsFieldErrors = readsFieldErrors
            facts.append(root)
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
