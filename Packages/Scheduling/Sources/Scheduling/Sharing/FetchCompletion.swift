import GraphQLCore

/// A fetch that ended, with everyone who asked for it: what the runtime needs to tell the handles
/// waiting on it and to log the fetch once.
@_spi(Runtime) public struct FetchCompletion: Sendable, Hashable {
    /// The fetch.
    public var fetchID: FetchID
    /// The root it fetched.
    public var root: OperationIdentity
    /// Why it was started.
    public var reason: FetchReason
    /// Why each later request for the root joined it instead of sending another, in order.
    public var joinedReasons: [FetchReason]
    /// How it ended.
    public var outcome: FetchOutcome
    /// The fetch that follows it up, started by the finish that completed it: the runtime sends
    /// its request, and the completed fetch's followers wait for it.
    public var followUp: FetchID?

    /// A completion from its parts.
    public init(
        fetchID: FetchID, root: OperationIdentity, reason: FetchReason, joinedReasons: [FetchReason],
        outcome: FetchOutcome, followUp: FetchID? = nil
    ) {
        self.fetchID = fetchID
        self.root = root
        self.reason = reason
        self.joinedReasons = joinedReasons
        self.outcome = outcome
        self.followUp = followUp
    }
}
