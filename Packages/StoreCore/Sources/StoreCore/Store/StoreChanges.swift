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
}
