import Primitives

/// A publish's records as the store hands them to an ``EncodedRecordSource``: each is merged as
/// bytes into the bytes the source holds for it, the way the in-memory source merges them
/// (decision 0220).
///
/// The source drives it, inside its own transaction: ``intern(into:)`` first, with the key table its
/// stored bytes use, then ``merge(_:into:_:)`` for each record in turn. The batch notes what each
/// merge changed, for the store to tell the subscriptions once the source's write succeeded.
@_spi(RecordFormat) public struct EncodedRecordBatch {
    private let batch: NormalizedBatch
    /// The instant every field the batch writes is stamped with.
    public let writtenAt: WallInstant
    private let tracksFields: (DataID) -> Bool
    /// The index in the source's key table of each of the batch's keys.
    private var storeKeys: [UInt32] = []
    /// The source's key table, as ``intern(into:)`` left it.
    private var keys = RecordKeyTable()
    private var merger = RecordMerger()
    /// What the merges so far changed.
    private(set) var changes = StoreChanges()

    init(_ batch: NormalizedBatch, writtenAt: WallInstant, tracksFields: @escaping (DataID) -> Bool) {
        self.batch = batch
        self.writtenAt = writtenAt
        self.tracksFields = tracksFields
    }

    /// The number of records the batch writes.
    public var count: Int { batch.count }

    /// The ID of record `entry` (from 0 to ``count``, in the order the response reached them).
    public func dataID(of entry: Int) -> DataID { batch.dataID(of: entry) }

    /// Interns the batch's storage keys and typenames in `keys`, the table the source's stored bytes
    /// use (new ones are appended, for the source to keep), and forgets what earlier merges noted:
    /// called at the start of each attempt to write the batch.
    public mutating func intern(into keys: inout RecordKeyTable) {
        storeKeys = batch.keys.keys.map { keys.intern($0) }
        self.keys = keys
        changes = StoreChanges()
        if batch.count > 64 { changes.reserveCapacity(batch.count) }
    }

    /// Merges record `entry` into `stored` and calls `body` with the merged bytes, valid during the
    /// call. `stored` is the record's bytes as the source holds them, which must be whole and name
    /// only keys of the table given to ``intern(into:)`` (bytes the source wrote, or bytes it
    /// decoded once), or `nil` for a record the source does not hold.
    public mutating func merge<Failure: Error>(
        _ entry: Int, into stored: UnsafeRawBufferPointer?, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        let change = merger.merge(entry, of: batch, storeKeys: storeKeys, into: stored, writtenAt: writtenAt)
        // Caught and thrown again outside: the writer's `withBytes` takes no throwing body.
        var failure: Failure?
        merger.output.withBytes { bytes in
            do throws(Failure) {
                try body(bytes)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let changed = merger.changedKeys
        let keys = self.keys
        changes.insert(change, of: entry, in: batch, isNew: stored == nil, tracksFields: tracksFields) {
            Set(changed.map { keys.keys[Int($0)] })
        }
    }
}
