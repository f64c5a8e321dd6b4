import Primitives

/// Hands an upload's progress to everyone following it: a reference shared by the copies of one
/// ``Upload``, so that the app's copy sees what the transport reports on the request's copy.
final class UploadProgressChannel: Sendable {
    private struct State {
        var followers: [Int: AsyncStream<UploadProgress>.Continuation] = [:]
        var nextFollower = 0
        /// The bytes last reported in the current request, so that the values only grow.
        var lastSent: Int64 = -1
    }

    private let state = Locked(State())

    /// A new sequence that follows the current or next request.
    func subscribe() -> AsyncStream<UploadProgress> {
        let (stream, continuation) = AsyncStream<UploadProgress>.makeStream(bufferingPolicy: .unbounded)
        let key = state.withLock { state in
            defer { state.nextFollower += 1 }
            state.followers[state.nextFollower] = continuation
            return state.nextFollower
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.followers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Tells every follower of `progress`, unless it is not more than what they were told last.
    func report(_ progress: UploadProgress) {
        let followers = state.withLock { state -> [AsyncStream<UploadProgress>.Continuation] in
            guard progress.bytesSent > state.lastSent else { return [] }
            state.lastSent = progress.bytesSent
            return Array(state.followers.values)
        }
        for follower in followers { follower.yield(progress) }
    }

    /// Ends the followers' sequences: the request ended. A later request starts counting again.
    func finish() {
        let followers = state.withLock { state -> [AsyncStream<UploadProgress>.Continuation] in
            defer {
                state.followers = [:]
                state.lastSent = -1
            }
            return Array(state.followers.values)
        }
        for follower in followers { follower.finish() }
    }
}
