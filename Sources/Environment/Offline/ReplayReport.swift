/// What one replay of the queue did (``GraphQLEnvironment/replayQueuedMutations()``).
public struct ReplayReport: Sendable, Hashable {
    /// Mutations the server answered, their answers written.
    public var replayed = 0
    /// Mutations the server refused, their layers rolled back.
    public var rejected = 0
    /// Mutations dropped for their age or the queue's length before they were sent.
    public var expired = 0
    /// Mutations still queued after the replay.
    public var remaining = 0
    /// Whether a request did not reach the server, which stopped its scope's replay.
    public var stoppedUnreached = false

    /// An empty report.
    public init() {}
}
