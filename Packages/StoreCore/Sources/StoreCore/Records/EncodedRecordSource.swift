import Primitives

/// A record source that keeps each record as `RecordEncoding` bytes under a key table of its own
/// (the SQLite source): the store merges a publish into those bytes as bytes, as it merges one into
/// the in-memory source, rather than decoding the response into patches and the stored records
/// into ``Record``s, merging those and encoding the result again (decision 0220).
///
/// For the store's publishes only; every other write (a transaction, an eviction, a collection)
/// still comes as a ``RecordWriteBatch`` through ``RecordSource/write(_:)``.
@_spi(RecordFormat) public protocol EncodedRecordSource: RecordSource {
    /// Writes every record of `batch` in one transaction, as ``RecordSource/write(_:)`` writes a
    /// batch: inside it, calls ``EncodedRecordBatch/intern(into:)`` with the key table the stored
    /// bytes use, then ``EncodedRecordBatch/merge(_:into:_:)`` once for each record with its stored
    /// bytes, and keeps the merged bytes it is given. Throws having written nothing when the batch
    /// cannot be written; the store then tells no one of the batch's changes.
    mutating func write(_ batch: inout EncodedRecordBatch) throws(StoreError)
}
