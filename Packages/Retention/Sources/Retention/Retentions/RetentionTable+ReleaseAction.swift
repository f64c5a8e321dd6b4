import GraphQLCore

extension RetentionTable {
    /// What a release asks of the runtime.
    public enum ReleaseAction: Sendable, Hashable {
        /// Nothing: the root still has holders, or the id was unknown or already released.
        case none
        /// The last holder of the root released it; the root waits in the release buffer, and its
        /// records are still kept.
        case rootReleased(OperationIdentity)
        /// The last holder of `released` released it, and the buffer overflowed: these roots
        /// (oldest first; `released` itself when the buffer keeps nothing) left it, and garbage
        /// collection may now remove the records only they reached.
        case evicted([OperationIdentity], released: OperationIdentity)
    }
}
