import Primitives

/// Where the store keeps its records: in memory by default, or in a persistent database.
///
/// The store calls a source only while it holds its lock, so an implementation needs no locking of
/// its own. Reads come one by one on the reading paths and in batches where the store knows the IDs
/// ahead (before a publish); every publish and every collection writes one ``RecordWriteBatch``, so
/// a SQLite source can wrap each in one transaction. An implementation must:
/// - return from ``record(for:)`` exactly what the last batches wrote (patch fields merged into the
///   record, other fields kept; a patch's `nil` typename keeps the record's typename);
/// - apply a batch entirely or not at all: a batch it cannot write throws ``StoreError`` and
///   leaves the source as it was (a full disk), so the store stays as it was too;
/// - never call back into the store.
///
/// A source that outlives the process also keeps what staleness and collection need in the next
/// launch: the invalidation point, and the roots screens read (``PersistedRoots``). The defaults
/// keep neither, as the in-memory source has no next launch.
public protocol RecordSource {
    /// The record with this ID, or `nil`.
    func record(for dataID: DataID) -> Record?
    /// The records with these IDs, in the same order (`nil` for absent ones).
    func records(for dataIDs: [DataID]) -> [Record?]
    /// The number of records.
    var count: Int { get }
    /// Writes a batch: merges each patch into its record (creating it), removes the field removals
    /// from their records, then removes the removals. Throws when the batch cannot be written,
    /// having written none of it.
    mutating func write(_ batch: RecordWriteBatch) throws(StoreError)
    /// Removes every record whose ID is not in `kept`; returns how many were removed.
    mutating func removeAll(notIn kept: Set<DataID>) -> Int
    /// The IDs of every record whose typename is `typename`: what evicting a type removes.
    func dataIDs(ofType typename: String) -> [DataID]

    /// The invalidation point the source kept from an earlier launch, read once when a store opens
    /// it; `nil` by default.
    var invalidationPoint: WallInstant? { get }
    /// Keeps the store's new invalidation point (``Store/invalidate()``); by default nothing.
    mutating func keepInvalidationPoint(_ point: WallInstant)
    /// Told when a subscription starts reading `root` (a screen attached): a persistent source
    /// remembers the root as used at `instant`, so that a later launch's collection keeps its
    /// records; by default nothing.
    mutating func noteRead(of root: StoreRoot, at instant: WallInstant)
    /// The roots of earlier launches a collection keeps besides those it is given, most recently
    /// used first, as the source's policy allows at `instant`; none by default.
    mutating func persistedRoots(at instant: WallInstant) -> PersistedRoots
    /// Told that a collection kept only the first `count` of the roots ``persistedRoots(at:)``
    /// gave (the record bound was reached): the source forgets the others; by default nothing.
    mutating func keepFirstPersistedRoots(_ count: Int)
    /// Whether another writer changed the records since the last call: another store over the
    /// same file, in this process or another (an app extension's). The source reads their records
    /// from then on; the store re-reads its subscriptions (``Store/checkForOtherWriters()``).
    /// `false` by default, as no one else writes a source in memory.
    mutating func takeWritesByOthers() -> Bool
    /// The server's `maxAge` for each root (by the runtime's key for it) that the source kept from
    /// earlier launches, read once when a store opens it; empty by default.
    var serverMaxAges: [String: Int] { get }
    /// Keeps the server's `maxAge` for a root, or forgets it when `nil`; by default nothing.
    mutating func keepServerMaxAge(_ seconds: Int?, forRoot key: String)

    /// The mutations queued in earlier launches (``PendingMutation``), in queue order; none by
    /// default, as a source in memory has no earlier launch.
    func pendingMutations() -> [PendingMutation]
    /// Keeps `mutation` (replacing one with the same ID) in one transaction, or throws having kept
    /// nothing; by default nothing is kept.
    mutating func keepPendingMutation(_ mutation: PendingMutation) throws(StoreError)
    /// Forgets the pending mutation with this ID; by default nothing.
    mutating func removePendingMutation(id: String)
}

extension RecordSource {
    /// Reads each ID in turn; sources with a cheaper bulk read override it.
    public func records(for dataIDs: [DataID]) -> [Record?] { dataIDs.map { record(for: $0) } }

    /// No invalidation point from an earlier launch.
    public var invalidationPoint: WallInstant? { nil }
    /// Keeps nothing: the source has no next launch.
    public mutating func keepInvalidationPoint(_ point: WallInstant) {}
    /// Remembers nothing.
    public mutating func noteRead(of root: StoreRoot, at instant: WallInstant) {}
    /// No roots from earlier launches.
    public mutating func persistedRoots(at instant: WallInstant) -> PersistedRoots { PersistedRoots() }
    /// Nothing to forget.
    public mutating func keepFirstPersistedRoots(_ count: Int) {}
    /// No other writer.
    public mutating func takeWritesByOthers() -> Bool { false }

    /// None kept.
    public var serverMaxAges: [String: Int] { [:] }

    /// Keeps nothing.
    public mutating func keepServerMaxAge(_ seconds: Int?, forRoot key: String) {}
    /// No mutation from an earlier launch.
    public func pendingMutations() -> [PendingMutation] { [] }
    /// Keeps nothing: the runtime holds its queue in memory for the process.
    public mutating func keepPendingMutation(_ mutation: PendingMutation) throws(StoreError) {}
    /// Nothing to forget.
    public mutating func removePendingMutation(id: String) {}
}
