import Scheduling
import StoreCore

/// How a ``GraphQLEnvironment`` keeps data: how long it stays fresh, and how many released roots stay in
/// the store before collection may take them.
public struct EnvironmentConfiguration: Sendable {
    /// How long data stays fresh for an operation without `@cacheExpiration(seconds:)`.
    public var defaultExpiration: Expiration
    /// How many released roots keep their records (first in, first out) before garbage collection
    /// may remove them: a screen the user goes back to finds its data still there.
    public var releaseBufferSize: Int
    /// What the default store reads for a field its record lacks and no `@fieldPolicy` redirects
    /// (`StoreConfiguration.missingFieldHandler`): `node(id:)` from a global ID, say. A store given to
    /// the environment keeps its own configuration's.
    public var missingFieldHandler: StoreConfiguration.MissingFieldHandler?
    /// How mutations that did not reach the server are queued; none is unless a commit or this
    /// configuration asks.
    public var mutationQueue = MutationQueueConfiguration()

    /// A configuration; by default data stays fresh five minutes, ten released roots are kept, and no
    /// missing-field handler answers.
    public init(
        defaultExpiration: Expiration = .after(.seconds(300)), releaseBufferSize: Int = 10,
        missingFieldHandler: StoreConfiguration.MissingFieldHandler? = nil
    ) {
        self.defaultExpiration = defaultExpiration
        self.releaseBufferSize = releaseBufferSize
        self.missingFieldHandler = missingFieldHandler
    }
}
