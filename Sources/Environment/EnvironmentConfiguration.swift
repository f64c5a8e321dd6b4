import Scheduling

/// How an ``Environment`` keeps data: how long it stays fresh, and how many released roots stay in
/// the store before collection may take them.
public struct EnvironmentConfiguration: Sendable {
    /// How long data stays fresh for an operation without `@cacheExpiration(seconds:)`.
    public var defaultExpiration: Expiration
    /// How many released roots keep their records (first in, first out) before garbage collection
    /// may remove them: a screen the user goes back to finds its data still there.
    public var releaseBufferSize: Int
    /// How mutations that did not reach the server are queued; none is unless a commit or this
    /// configuration asks.
    public var mutationQueue = MutationQueueConfiguration()

    /// A configuration; by default data stays fresh five minutes and ten released roots are kept.
    public init(defaultExpiration: Expiration = .after(.seconds(300)), releaseBufferSize: Int = 10) {
        self.defaultExpiration = defaultExpiration
        self.releaseBufferSize = releaseBufferSize
    }
}
