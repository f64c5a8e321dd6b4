import GraphQLCore

/// What one attach keeps: a root, and the fetch policy the attach was made with.
public struct Retention: Sendable, Hashable {
    /// The retention's id, which releases it.
    public var id: RetentionID
    /// The root it keeps alive.
    public var root: OperationIdentity
    /// The policy of the attach that made it; it never changes while the retention lives.
    public var policy: FetchPolicy

    /// A retention from its parts.
    public init(id: RetentionID, root: OperationIdentity, policy: FetchPolicy) {
        self.id = id
        self.root = root
        self.policy = policy
    }
}
