extension Event {
    /// Why the runtime sent a request: for a query's root, what made it fetch; for a mutation or a
    /// subscription's stream, which of the two it is.
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
        /// The app committed a mutation. Its fetch ends when the response is written or the commit
        /// fails; mutations are never shared.
        case mutation
        /// A paged handle asked for the next or the previous page of its connection. The page is
        /// merged into the list in the store; its fetch is never shared with another.
        case page
        /// A GraphQL subscription opened a stream: when it is made while the environment is active,
        /// and again each time it resumes after being parked. The fetch ends when the server ends the
        /// stream (``Event/fetchSucceeded(operation:identity:reason:duration:)``) or the stream fails
        /// (``Event/fetchFailed(operation:identity:reason:duration:error:)``); a stream the runtime
        /// closes ends with ``Event/subscriptionParked(operation:identity:duration:)`` or
        /// ``Event/subscriptionCancelled(operation:identity:duration:)``.
        case subscription
    }
}
