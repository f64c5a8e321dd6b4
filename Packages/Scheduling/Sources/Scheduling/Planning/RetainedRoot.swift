import GraphQLCore

/// What the planner needs to know about one retained root: the facts the runtime gathers from the
/// store, the registry and the retention table, as one value.
@_spi(Runtime) public struct RetainedRoot: Sendable, Hashable {
    /// The root.
    public var root: OperationIdentity
    /// Its data's staleness now (``Staleness/of(oldestWrite:invalidatedAt:expiration:now:)``).
    public var staleness: Staleness
    /// Its fetch: in flight, or how the last one ended.
    public var fetch: FetchStatus
    /// Whether any current holder of it allows the network.
    public var holderAllowsNetwork: Bool
    /// Whether its data holds a field error the server reported and the store kept: a failed
    /// answer for part of it, which `revalidate()` fetches again as it does a failed fetch.
    public var readsFieldErrors = false

    /// A root's facts from their parts.
    public init(root: OperationIdentity, staleness: Staleness, fetch: FetchStatus, holderAllowsNetwork: Bool) {
        self.root = root
        self.staleness = staleness
        self.fetch = fetch
        self.holderAllowsNetwork = holderAllowsNetwork
    }
}
