import Primitives

/// One transport stream of a ``GraphQLSubscription``, from its request to its end.
///
/// The stream's own task records all of its events, in order: `fetchStarted`, a `published` per
/// event written, and exactly one end. When the runtime closes the stream (a park, a cancel), it
/// says why here before it cancels the task, and the task's end records that reason instead of a
/// success or a failure. The reason lives here rather than in the subscription because a
/// subscription that goes away cancels its stream from `deinit`, when the task can no longer reach
/// it.
final class SubscriptionStream: Sendable {
    /// Why the runtime closed the stream.
    enum Closing: Sendable {
        /// The environment became inactive; the subscription opens a new stream when it is active.
        case parked
        /// The app cancelled the subscription or dropped it.
        case cancelled
    }

    private let closing = Locked<Closing?>(nil)

    /// Why the runtime closed the stream, or `nil` while it has not.
    var closedBy: Closing? { closing.withLock { $0 } }

    /// Records that the runtime closes the stream; the first reason given stays.
    func close(_ reason: Closing) {
        closing.withLock { closing in
            if closing == nil { closing = reason }
        }
    }
}
