import Scheduling

/// The fetches one call to ``GraphQLEnvironment/revalidate()`` or ``GraphQLEnvironment/invalidate()`` started or
/// joined: the call returns at once with it, and a test (or an app's pull-to-refresh) can await
/// ``finished()``.
public struct FetchBatch: Sendable {
    /// How many requests the call sent (for a revalidation that replays queued mutations first,
    /// none: its sweep comes after the replay, and ``finished()`` awaits it).
    public let started: Int
    /// How many fetches already in flight the call joined instead of sending a request.
    public let joined: Int

    let fetchIDs: [FetchID]
    /// Whether ``finished()`` awaits the follow-ups of fetches answered stale (an invalidation's).
    var followsUp = false
    let environment: GraphQLEnvironment
    /// The sweep a revalidation starts after it replayed the queued mutations: its fetches are
    /// this batch's too.
    var afterReplay: Task<FetchBatch, Never>? = nil

    /// Returns when every fetch of the batch has completed (succeeded or failed) and its handles
    /// were told; for ``GraphQLEnvironment/invalidate()``, also the follow-up of each fetch it joined.
    /// After a revalidation that replayed queued mutations first, it returns when the replay and
    /// the sweep's fetches are done.
    public func finished() async {
        if let afterReplay { await afterReplay.value.finished() }
        for id in fetchIDs { await environment.waitForFetch(id, followingUp: followsUp) }
    }
}
