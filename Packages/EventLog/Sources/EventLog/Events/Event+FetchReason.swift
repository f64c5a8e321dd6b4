extension Event {
    /// Why the runtime fetched a root.
    public enum FetchReason: String, Sendable, Hashable, CaseIterable {
        /// An attach whose policy asked for the network.
        case attach
        /// `invalidate()` marked the root's data stale.
        case invalidation
        /// `revalidate()` found the root's data stale or its last fetch failed.
        case revalidation
        /// A publish left the retained root with missing data.
        case heal
        /// The app asked a handle to fetch again.
        case refetch
    }
}
