/// Which roots `revalidate()`, `invalidate()` and a heal fetch: pure functions from the roots' facts
/// to a ``FetchPlan``. They mark nothing and start nothing; the runtime performs the plan through
/// the ``InFlightRegistry``.
///
/// The same rules run through all three: a root fetched for by the runtime needs a holder that
/// allows the network (a root held only by `storeOnly` holders is skipped), and a root with a fetch
/// in flight is joined, never fetched twice. Each costs one pass over the roots.
@_spi(Runtime) public enum RevalidationPlanner {
    /// `revalidate()`: fetch each root whose data is stale, whose last fetch failed, or whose data
    /// holds a stored field error (``RetainedRoot/readsFieldErrors``: the server failed that part,
    /// so it counts as a failed fetch; a failure overrides fresh data); leave alone a root with
    /// fresh data whose last fetch did not fail.
    ///
    /// A root with a fetch in flight is joined whatever its staleness: that fetch will leave its data
    /// as fresh as a new one would.
    public static func revalidation(_ roots: [RetainedRoot]) -> FetchPlan {
        var plan = FetchPlan(roots: roots, reason: .revalidation)
        for root in roots {
            if !root.holderAllowsNetwork {
                plan.append(.skip(.noHolderAllowsNetwork))
            } else if root.fetch.isInFlight {
                plan.append(.join)
            } else if !root.staleness.isFresh || root.fetch.isFailed || root.readsFieldErrors {
                plan.append(.fetch)
            } else {
                plan.append(.skip(.fresh))
            }
        }
        return plan
    }

    /// `invalidate()`, after the store marked all data stale: fetch every root where a holder
    /// allows the network.
    public static func invalidation(_ roots: [RetainedRoot]) -> FetchPlan {
        var plan = FetchPlan(roots: roots, reason: .invalidation)
        for root in roots {
            if !root.holderAllowsNetwork {
                plan.append(.skip(.noHolderAllowsNetwork))
            } else if root.fetch.isInFlight {
                plan.append(.join)
            } else {
                plan.append(.fetch)
            }
        }
        return plan
    }

    /// A heal after a publish: fetch each given root that now misses data, where a holder allows
    /// the network, unless its own fetch just completed and still missed data (`suppression`).
    public static func heal(_ roots: [RetainedRoot], suppression: HealSuppression) -> FetchPlan {
        var plan = FetchPlan(roots: roots, reason: .heal)
        for root in roots {
            if root.staleness != .stale(.missing) {
                plan.append(.skip(.notMissingData))
            } else if !root.holderAllowsNetwork {
                plan.append(.skip(.noHolderAllowsNetwork))
            } else if suppression.isSuppressed(root.root) {
                plan.append(.skip(.healSuppressed))
            } else if root.fetch.isInFlight {
                plan.append(.join)
            } else {
                plan.append(.fetch)
            }
        }
        return plan
    }
}
