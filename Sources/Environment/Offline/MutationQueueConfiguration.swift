/// How a ``GraphQLEnvironment`` queues mutations that could not reach their server: whether a commit
/// queues by default, how long the queue may grow and how old an entry may get, what a rejection
/// does to the rest of a scope, which header carries the idempotence ID, and who is told how each
/// queued mutation ended.
///
/// See ``GraphQLEnvironment/commit(_:optimisticResponse:queueing:updater:)`` and
/// ``GraphQLEnvironment/replayQueuedMutations()``.
public struct MutationQueueConfiguration: Sendable {
    /// What a scope's replay does after the server rejected one of its mutations.
    public enum RejectionRule: Sendable, Hashable {
        /// The next mutation of the scope is sent (the default): the mutations are independent.
        case goOn
        /// The scope's replay stops; its other mutations stay queued for the next replay (a later
        /// mutation depends on the rejected one, and the app decides what to do with them).
        case stop
    }

    /// Whether `commit(_:optimisticResponse:updater:)` queues a mutation that did not reach the
    /// server (`false` by default: a failure fails and rolls back).
    public var queuesByDefault: Bool
    /// How many mutations may wait in the queue; queueing one more expires the oldest.
    public var maximumLength: Int
    /// How long a mutation may wait; an older one expires at the next commit or replay.
    public var maximumAge: Duration
    /// The rule of each scope, by name; a scope not named here goes on.
    public var rejectionRules: [String: RejectionRule]
    /// The HTTP header that carries each queued mutation's idempotence ID, or `nil` for none (the
    /// app may send the ID as a variable instead).
    public var idempotenceHeader: String?
    /// Told how each queued mutation ended: replayed, rejected by the server, or expired. Called
    /// with no lock held, on the task that replayed or expired the mutation.
    public var observer: (@Sendable (QueuedMutationEvent) -> Void)?

    /// A configuration; by default nothing queues unless a commit asks, the queue holds 100
    /// mutations for a week, every scope goes on after a rejection, and the ID is sent in
    /// `Idempotency-Key`.
    public init(
        queuesByDefault: Bool = false, maximumLength: Int = 100, maximumAge: Duration = .seconds(7 * 24 * 3600),
        rejectionRules: [String: RejectionRule] = [:], idempotenceHeader: String? = "Idempotency-Key",
        observer: (@Sendable (QueuedMutationEvent) -> Void)? = nil
    ) {
        self.queuesByDefault = queuesByDefault
        self.maximumLength = maximumLength
        self.maximumAge = maximumAge
        self.rejectionRules = rejectionRules
        self.idempotenceHeader = idempotenceHeader
        self.observer = observer
    }
}
