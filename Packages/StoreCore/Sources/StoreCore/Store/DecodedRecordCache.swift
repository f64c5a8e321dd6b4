/// The in-memory source's records that ``Store/record(_:)`` decoded, kept so that the next call for
/// the same record is a lookup instead of a decode of its bytes (decision 0219).
///
/// The walks never need it: they read records where they lie. It serves callers outside the store
/// that ask for whole records again and again (a view model, the inspector). Its records are those
/// of one revision of the store's records (``StoreRecords/sourceRevision``, which moves with every
/// change to the record source), so it never shows a value a write replaced, and a write costs it
/// nothing: the first call after one finds the revision moved and starts over. It holds at most
/// ``capacity`` records, and starts over when full, so a caller that decodes every record of a
/// large store does not keep a second copy of it.
struct DecodedRecordCache {
    /// How many records it holds at most: a screen's worth, several times over.
    static let capacity = 512

    private var records: [DataID: Record] = [:]
    /// The revision of the store's records that ``records`` were decoded at.
    private var revision: UInt64 = 0

    /// The record with this ID decoded at `revision`, when it is kept.
    @inline(__always) func record(_ dataID: DataID, revision: UInt64) -> Record? {
        guard revision == self.revision, !records.isEmpty else { return nil }
        return records[dataID]
    }

    /// Keeps `record`, decoded at `revision`.
    mutating func keep(_ record: Record, revision: UInt64) {
        if revision != self.revision || records.count >= Self.capacity {
            records.removeAll()
            self.revision = revision
        }
        records[record.dataID] = record
    }
}
