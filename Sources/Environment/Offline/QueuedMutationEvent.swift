/// How a queued mutation ended, as the queue's observer is told
/// (``MutationQueueConfiguration/observer``).
public struct QueuedMutationEvent: Sendable {
    /// The end.
    public enum Outcome: Sendable {
        /// The server answered with data: the answer is written and the optimistic layer gone.
        case replayed
        /// The server answered and refused it (HTTP error, GraphQL errors without data, data the
        /// store refused): its optimistic layer is rolled back. The error is the ``FetchError`` (or
        /// ``MissingDataError``) a commit would have thrown.
        case rejected(any Error)
        /// It waited too long or the queue grew past its length, or it could not be read back
        /// after a relaunch: its optimistic layer is rolled back and it is never sent.
        case expired(MutationQueueError)
    }

    /// The mutation.
    public var mutation: QueuedMutation
    /// How it ended.
    public var outcome: Outcome

    /// An event from its parts.
    public init(mutation: QueuedMutation, outcome: Outcome) {
        self.mutation = mutation
        self.outcome = outcome
    }
}
