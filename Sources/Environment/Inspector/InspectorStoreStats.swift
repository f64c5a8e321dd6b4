import Primitives

/// The store's figures as the inspector shows them.
@_spi(Inspector) public struct InspectorStoreStats: Sendable, Hashable {
    /// How many records the store holds.
    public var recordCount: Int
    /// How many of them some root reads.
    public var reachableRecords: Int
    /// The size of those records in bytes, as JSON (IDs, keys and values).
    public var reachableBytes: Int
    /// How many roots are retained.
    public var retainedRoots: Int
    /// How many roots wait in the release buffer.
    public var bufferedRoots: Int
    /// How many fetches are in flight.
    public var fetchesInFlight: Int
    /// The last garbage collection: when, what it removed and kept, from how many roots.
    public var lastCollection: Collection?

    /// One garbage collection.
    public struct Collection: Sendable, Hashable {
        /// When it ran.
        public var at: WallInstant
        /// How many records it removed.
        public var removed: Int
        /// How many records it kept.
        public var kept: Int
        /// How many roots it kept records for.
        public var roots: Int
    }
}
