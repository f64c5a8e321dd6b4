import GraphQLCore

/// What a revalidation, an invalidation or a heal does with each root it was given: fetch it, join
/// the fetch already in flight for it, or skip it, and why. Roots keep the order they were given in.
public struct FetchPlan: Sendable, Hashable {
    /// Roots to fetch: for each, one ``InFlightRegistry/begin(_:reason:)`` that starts a request.
    public var fetches: [Request] = []
    /// Roots whose fetch in flight serves this call: their `begin` joins it and sends nothing.
    public var joins: [Request] = []
    /// Roots left alone.
    public var skips: [Skip] = []

    /// An empty plan.
    public init() {}

    /// One root to fetch or join, and the reason to log and register it with.
    public struct Request: Sendable, Hashable {
        /// The root.
        public var root: OperationIdentity
        /// Why.
        public var reason: FetchReason

        /// A request from its parts.
        public init(root: OperationIdentity, reason: FetchReason) {
            self.root = root
            self.reason = reason
        }
    }

    /// One root left alone, and why.
    public struct Skip: Sendable, Hashable {
        /// The root.
        public var root: OperationIdentity
        /// Why it is left alone.
        public var reason: SkipReason

        /// A skip from its parts.
        public init(root: OperationIdentity, reason: SkipReason) {
            self.root = root
            self.reason = reason
        }
    }

    /// Why a plan leaves a root alone.
    public enum SkipReason: String, Sendable, Hashable, Codable {
        /// Every holder of the root is `storeOnly`.
        case noHolderAllowsNetwork
        /// Its data is fresh and its last fetch did not fail.
        case fresh
        /// (Heal) its data is not missing.
        case notMissingData
        /// (Heal) its own fetch completed and it still misses data; it is not healed again until the
        /// store changes.
        case healSuppressed
    }
}
