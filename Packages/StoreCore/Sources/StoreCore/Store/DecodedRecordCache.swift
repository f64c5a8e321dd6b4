/// The in-memory source's records that ``Store/record(_:)`` decoded, kept so that the next call for
/// the same record is one lookup instead of a decode of its bytes (decision 0219).
///
/// The walks never need it: they read records where they lie. It serves callers outside the store
/// that ask for whole records again and again (a view model, the inspector). It is current for one
/// ``InMemoryRecordSource/revision``: any change to any record empties it at the next call, so it
/// never shows a value a write replaced, and writes pay nothing for it. It holds at most
/// ``capacity`` records, emptied whole when full, so a caller that decodes every record of a large
/// store does not keep a second copy of it.
struct DecodedRecordCache {
    /// How many records it holds at most.
    static let capacity = 1024

    private var records: [DataID: Record] = [:]
    /// The source's revision the records were decoded at.
    private var revision: UInt64 = 0

    /// The record with this ID from `source`: decoded at most once per revision of the source.
    mutating func record(_ dataID: DataID, in source: borrowing InMemoryRecordSource) -> Record? {
        if revision != source.revision {
            if !records.isEmpty { records.removeAll() }
            revision = source.revision
        } else if let record = records[dataID] {
            return record
        }
        guard let record = source.record(for: dataID) else { return nil }
        if records.count >= Self.capacity { records.removeAll() }
        records[dataID] = record
        return record
    }
}
