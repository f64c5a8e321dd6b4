/// What one write (a publish, a transaction, an optimistic layer added or removed, or a batch of
/// them) changed: the records, and for those whose change was limited to some fields, the storage
/// keys of those fields.
///
/// Subscriptions are indexed by field only at their root record (the query root is shared by every
/// root operation and gains a field with each new one), so the writer lists changed keys only for
/// records that some subscription tracks by field; any other changed record counts as changed as a
/// whole, which re-reads every subscription that read it.
struct StoreChanges {
    /// Every record whose stored value (or typename, or existence) changed.
    private(set) var records: Set<DataID> = []
    /// For a record of ``records`` that changed only in some fields: their storage keys. A record
    /// without an entry changed as a whole (it appeared, disappeared, changed typename, or its keys
    /// were not listed).
    private(set) var fields: [DataID: Set<String>] = [:]

    var isEmpty: Bool { records.isEmpty }

    /// Notes that `dataID` changed as a whole.
    mutating func insertRecord(_ dataID: DataID) {
        records.insert(dataID)
        if !fields.isEmpty { fields[dataID] = nil }
    }

    /// Makes room for `count` changed records, so a large write does not grow the set step by step.
    mutating func reserveCapacity(_ count: Int) { records.reserveCapacity(count) }

    /// Notes that `dataID` changed in the fields `keys` only (nothing when `keys` is empty).
    mutating func insert(_ dataID: DataID, keys: Set<String>) {
        guard !keys.isEmpty else { return }
        if records.insert(dataID).inserted {
            fields[dataID] = keys
        } else if fields[dataID] != nil {
            fields[dataID]?.formUnion(keys)
        }
    }

    /// Adds what `other` changed; a record changed as a whole in either stays whole.
    mutating func formUnion(_ other: StoreChanges) {
        for dataID in other.records {
            if let keys = other.fields[dataID] { insert(dataID, keys: keys) } else { insertRecord(dataID) }
        }
    }

    /// The changes between two states of one record as reads see them, considering only the fields
    /// `keys` (the only ones that can differ); `nil` records are absent.
    mutating func insertDifference(_ old: Record?, _ new: Record?, dataID: DataID, keys: some Sequence<String>) {
        guard let old, let new else {
            if old != nil || new != nil { insertRecord(dataID) }
            return
        }
        if old.typename != new.typename { return insertRecord(dataID) }
        var changed: Set<String> = []
        for key in keys where old.fields[key]?.value != new.fields[key]?.value { changed.insert(key) }
        insert(dataID, keys: changed)
    }

    /// Notes what merging entry `entry` of a normalized batch into its record changed (`change`,
    /// from a ``RecordMerger``; `isNew` when no record was stored): by storage key for a record
    /// `tracksFields` names, a new record's fields or the changed ones `changedKeys` gives.
    @inline(__always) mutating func insert(
        _ change: RecordMerger.Change, of entry: Int, in batch: NormalizedBatch, isNew: Bool,
        tracksFields: (DataID) -> Bool, changedKeys: () -> Set<String>
    ) {
        switch change {
        case .none:
            return
        case .record where isNew:
            // A new record changes exactly the fields it writes (and its typename): listing
            // them keeps the first write to a shared root record, such as the query root, from
            // re-reading every subscription rooted there.
            let dataID = batch.dataID(of: entry)
            if tracksFields(dataID) {
                var changed: Set<String> = []
                batch.forEachField(of: entry) { key, _ in changed.insert(batch.keys.keys[Int(key)]) }
                if batch.typenameKey(of: entry) != nil {
                    changed.insert(SnapshotReader<StoreRecords>.typenameKey)
                }
                if !changed.isEmpty {
                    insert(dataID, keys: changed)
                    return
                }
            }
            insertRecord(dataID)
        case .record:
            insertRecord(batch.dataID(of: entry))
        case .fields:
            let dataID = batch.dataID(of: entry)
            if tracksFields(dataID) {
                insert(dataID, keys: changedKeys())
            } else {
                insertRecord(dataID)
            }
        }
    }
}
