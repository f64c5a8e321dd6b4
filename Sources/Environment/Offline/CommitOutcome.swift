/// How a queueable commit ended: the server answered, or the request did not reach it and the
/// mutation waits in the queue with its optimistic layer on screen.
public enum CommitOutcome: Sendable {
    /// The server answered; its data is written.
    case answered(GraphQLResponse)
    /// The mutation is queued (``QueuedMutation``): sent again by ``GraphQLEnvironment/revalidate()`` or
    /// ``GraphQLEnvironment/replayQueuedMutations()``.
    case queued(QueuedMutation)

    /// The queued mutation, when the commit was queued.
    public var queued: QueuedMutation? {
        if case .queued(let mutation) = self { return mutation }
        return nil
    }
}
