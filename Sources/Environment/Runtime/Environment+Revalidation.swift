import EventLog
import Scheduling
import StoreCore

extension Environment {
    /// Fetches each retained root whose data is stale or whose last fetch failed, where a holder
    /// allows the network; marks nothing. A root with a fetch in flight is joined, never fetched
    /// twice, and a handle with data stays loaded while it refetches.
    ///
    /// Call it when the app returns to the foreground, and from the app's own path monitor when the
    /// network comes back. Returns at once; await ``FetchBatch/finished()`` to know when the
    /// fetches completed.
    @discardableResult
    public func revalidate() -> FetchBatch {
        let now = clock.now()
        var effects = Effects()
        let batch = state.withLock { state -> (ids: [FetchID], started: Int, joined: Int) in
            let facts = state.retainedRoots { slot in
                RuntimeState.staleness(store.check(slot.storeRoot), expiration: slot.expiration, now: now)
            }
            let plan = RevalidationPlanner.revalidation(facts)
            let started = effects.requests.count
            let ids = state.perform(plan, into: &effects)
            let fetched = effects.requests.count - started
            effects.events.append(
                .revalidationSwept(candidates: facts.count, fetched: fetched, joined: ids.count - fetched))
            return (ids, fetched, ids.count - fetched)
        }
        perform(effects)
        return FetchBatch(started: batch.started, joined: batch.joined, fetchIDs: batch.ids, environment: self)
    }

    /// Makes all data in the store stale (`Store.invalidate()`), then fetches every
    /// retained root where a holder allows the network; roots with a fetch in flight join it.
    @discardableResult
    public func invalidate() -> FetchBatch {
        store.invalidate()
        var effects = Effects()
        effects.events.append(.invalidated)
        let batch = state.withLock { state -> (ids: [FetchID], started: Int, joined: Int) in
            let facts = state.retainedRoots { _ in .stale(.invalidated) }
            let plan = RevalidationPlanner.invalidation(facts)
            let ids = state.perform(plan, into: &effects)
            return (ids, effects.requests.count, ids.count - effects.requests.count)
        }
        perform(effects)
        return FetchBatch(started: batch.started, joined: batch.joined, fetchIDs: batch.ids, environment: self)
    }

    /// Returns when fetch `id` has completed (at once when it already has).
    func waitForFetch(_ id: FetchID) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state -> Bool in
                guard state.fetches[id] != nil else { return false }
                state.fetches[id]?.waiters.append(continuation)
                return true
            }
            if !waiting { continuation.resume() }
        }
    }
}
