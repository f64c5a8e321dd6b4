import GraphQLCore

/// What a revalidation, an invalidation or a heal does with each root it was given: fetch it, join
/// the fetch already in flight for it, or skip it, and why. Roots keep the order they were given in.
///
/// The plan keeps the roots it was made from and one byte of decision per root; ``fetches``,
/// ``joins`` and ``skips`` are built when read. Planning thus copies no root identity: over 10,000
/// roots, copying each identity (a heap string, retained and released) cost many times the decision
/// itself, and grew faster than the roots did. The runtime reads ``fetches`` and ``joins``, which
/// are few; ``skips`` is for tests and diagnostics.
@_spi(Runtime) public struct FetchPlan: Sendable {
    private let roots: [RetainedRoot]
    private let reason: FetchReason
    private var decisions: [Decision] = []
    /// The positions of the roots to fetch and to join, so that reading ``fetches`` and ``joins``
    /// (what the runtime does with every plan) visits those few roots, not every decision again.
    private var fetchPositions: [Int] = []
    private var joinPositions: [Int] = []

    /// What the plan does with one root.
    enum Decision: Sendable, Hashable {
        case fetch
        case join
        case skip(SkipReason)
    }

    /// An empty plan over `roots`, whose requests carry `reason`; the planner adds one decision per
    /// root, in order.
    init(roots: [RetainedRoot], reason: FetchReason) {
        self.roots = roots
        self.reason = reason
        decisions.reserveCapacity(roots.count)
    }

    /// Records the decision for the next root.
    mutating func append(_ decision: Decision) {
        switch decision {
        case .fetch: fetchPositions.append(decisions.count)
        case .join: joinPositions.append(decisions.count)
        case .skip: break
        }
        decisions.append(decision)
    }

    /// Roots to fetch: for each, one ``InFlightRegistry/begin(_:reason:)`` that starts a request.
    public var fetches: [Request] {
        requests(at: fetchPositions)
    }

    /// Roots whose fetch in flight serves this call: their `begin` joins it and sends nothing.
    public var joins: [Request] {
        requests(at: joinPositions)
    }

    /// Roots left alone, and why.
    public var skips: [Skip] {
        var skips: [Skip] = []
        skips.reserveCapacity(decisions.count - fetchPositions.count - joinPositions.count)
        for (index, decision) in decisions.enumerated() {
            if case .skip(let why) = decision { skips.append(Skip(root: roots[index].root, reason: why)) }
        }
        return skips
    }

    private func requests(at positions: [Int]) -> [Request] {
        positions.map { Request(root: roots[$0].root, reason: reason) }
    }

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
