/// Where the store keeps its records: in memory by default, or in a persistent database.
///
/// The store calls a source only while it holds its lock, so an implementation needs no locking of
/// its own. Reads come one by one on the reading paths and in batches where the store knows the IDs
/// ahead (before a publish); every publish and every collection writes one ``RecordWriteBatch``, so
/// a SQLite source can wrap each in one transaction. An implementation must:
/// - return from ``record(for:)`` exactly what the last batches wrote (patch fields merged into the
///   record, other fields kept; a patch's `nil` typename keeps the record's typename);
/// - apply a batch entirely or not at all;
/// - never call back into the store.
public protocol RecordSource {
    /// The record with this ID, or `nil`.
    func record(for dataID: DataID) -> Record?
    /// The records with these IDs, in the same order (`nil` for absent ones).
    func records(for dataIDs: [DataID]) -> [Record?]
    /// The number of records.
    var count: Int { get }
    /// Writes a batch: merges each patch into its record (creating it), then removes the removals.
    mutating func write(_ batch: RecordWriteBatch)
    /// Removes every record whose ID is not in `kept`; returns how many were removed.
    mutating func removeAll(notIn kept: Set<DataID>) -> Int
}

extension RecordSource {
    /// Reads each ID in turn; sources with a cheaper bulk read override it.
    public func records(for dataIDs: [DataID]) -> [Record?] { dataIDs.map { record(for: $0) } }
}
