import EventLog
import GraphQLCore
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

extension GraphQLEnvironment {
    /// Fetches each retained root whose data is stale, whose last fetch failed, or whose data holds
    /// a field error the store kept (`Availability.readsFieldErrors`), where a holder allows the
    /// network; marks nothing. A root with a fetch in flight is joined, never fetched
    /// twice, and a handle with data stays loaded while it refetches.
    ///
    /// Call it when the app returns to the foreground, and from the app's own path monitor when the
    /// network comes back. Returns at once; await ``FetchBatch/finished()`` to know when the
    /// fetches completed.
    ///
    /// First, over a store file that another process shares (an app extension), the screens are
    /// told what that process wrote since (`Store.checkForOtherWriters()`), so that what is judged
    /// stale, and what the screens show, is the file's latest.
    ///
    /// When mutations wait in the queue (``commit(_:optimisticResponse:queueing:updater:)``), they
    /// are replayed first (``replayQueuedMutations()``), and the stale roots are fetched once the
    /// replay ends, so that what is refetched includes the user's writes: the batch returned then
    /// counts no request, and its ``FetchBatch/finished()`` awaits the replay and the sweep.
    @discardableResult
    public func revalidate() -> FetchBatch {
        guard mutationQueue.withLock({ $0.count == 0 }) else {
            let sweep = Task {
                await self.replayQueuedMutations()
                return self.sweepStaleRoots()
            }
            return FetchBatch(started: 0, joined: 0, fetchIDs: [], environment: self, afterReplay: sweep)
        }
        return sweepStaleRoots()
    }

    /// Fetches the stale retained roots: ``revalidate()`` without the queue.
    private func sweepStaleRoots() -> FetchBatch {
        store.checkForOtherWriters()
        let now = clock.now()
        var effects = Effects()
        let batch = state.withLock { state -> (ids: [FetchID], started: Int, joined: Int) in
            let facts = state.retainedRoots { slot, hints in
                let availability = store.check(slot.storeRoot, hints: &hints)
                // A stored field error counts as a failed fetch of the root (decision 0202).
                return (
                    RuntimeState.staleness(availability, expiration: slot.expiration, now: now),
                    availability.readsFieldErrors
                )
            }
            let plan = RevalidationPlanner.revalidation(facts)
            let started = effects.fetchesStarted
            let ids = state.perform(plan, store: store, into: &effects)
            let fetched = effects.fetchesStarted - started
            effects.events.append(
                .revalidationSwept(candidates: facts.count, fetched: fetched, joined: ids.count - fetched))
            return (ids, fetched, ids.count - fetched)
        }
        perform(effects)
        return FetchBatch(started: batch.started, joined: batch.joined, fetchIDs: batch.ids, environment: self)
    }

    /// Makes all data in the store stale (`Store.invalidate()`), then fetches every
    /// retained root where a holder allows the network; roots with a fetch in flight join it.
    ///
    /// A joined fetch was requested before the invalidation: its answer is written (the screen
    /// updates) but stale, and when it lands the runtime sends one follow-up request for its root,
    /// so every such root ends up with data requested after this call (decision 0130).
    /// ``FetchBatch/finished()`` returns when those follow-ups have landed too.
    @discardableResult
    public func invalidate() -> FetchBatch {
        store.invalidate()
        var effects = Effects()
        effects.events.append(.invalidated)
        let batch = state.withLock { state -> (ids: [FetchID], started: Int, joined: Int) in
            let facts = state.retainedRoots { _, _ in (.stale(.invalidated), false) }
            let plan = RevalidationPlanner.invalidation(facts)
            let ids = state.perform(plan, store: store, into: &effects)
            return (ids, effects.fetchesStarted, ids.count - effects.fetchesStarted)
        }
        perform(effects)
        return FetchBatch(
            started: batch.started, joined: batch.joined, fetchIDs: batch.ids, followsUp: true, environment: self)
    }

    /// Returns how fetch `id` ended once it has (`nil` at once when it already had). With
    /// `followingUp`, a fetch followed up after an invalidation is awaited to the follow-up's end.
    @discardableResult
    func waitForFetch(_ id: FetchID, followingUp: Bool = false) async -> FetchState? {
        await withCheckedContinuation { (continuation: CheckedContinuation<FetchState?, Never>) in
            let waiting = state.withLock { $0.registry.wait(for: id, followingUp: followingUp, continuation) }
            if !waiting { continuation.resume(returning: nil) }
        }
    }
}

extension GraphQLEnvironment {
    /// Fetches `root` for ``Handle/refetch()`` (joining a fetch in flight) and returns how that
    /// fetch ended, or its follow-up's when it was answered stale; `nil` when the holder `id` no
    /// longer retains the root.
    func refetch(_ root: OperationIdentity, holder id: RetentionID) async -> FetchState? {
        await withCheckedContinuation { (continuation: CheckedContinuation<FetchState?, Never>) in
            var effects = Effects()
            let waiting = state.withLock { state -> Bool in
                guard state.roots[root]?.handles[id] != nil,
                    let fetch = state.begin(root, reason: .refetch, store: store, into: &effects)
                else { return false }
                return state.registry.wait(for: fetch, followingUp: true, continuation)
            }
            perform(effects)
            if !waiting { continuation.resume(returning: nil) }
        }
    }
}
