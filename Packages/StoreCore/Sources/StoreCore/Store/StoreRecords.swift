import Primitives

/// The store's records: the record source, with the optimistic layers over it.
struct StoreRecords: RecordLookup {
    var source: RecordStorage
    var optimistic = OptimisticLayers()

    init(source: any RecordSource) { self.source = RecordStorage(source) }

    @inline(__always) func lookupRecord(_ dataID: DataID) -> Record? {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return record }
        return source.record(for: dataID)
    }

    @inline(__always) func lookupRecord(_ dataID: DataID, hint: inout Int) -> Record? {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return record }
        guard case .memory(let memory) = source else { return source.record(for: dataID) }
        return memory.record(for: dataID, hint: &hint)
    }

    /// Writes a publish's patches to the source; returns the records whose stored value (or
    /// typename) really changed: new records, and fields written with a different value. For the
    /// records `tracksFields` names, the changed fields' storage keys are listed too. Throws when
    /// the source refuses the batch, having changed nothing.
    mutating func write(
        _ patches: [DataID: RecordPatch], order dataIDs: [DataID], at writtenAt: WallInstant,
        tracksFields: (DataID) -> Bool
    ) throws(StoreError) -> StoreChanges {
        var changes = StoreChanges()
        for (dataID, existing) in zip(dataIDs, source.records(for: dataIDs)) {
            // `patches` has every ID of `dataIDs`; the lookup cannot fail.
            guard let patch = patches[dataID] else { continue }
            guard let existing else {
                // A new record changes exactly the fields it writes (and its typename): listing
                // them keeps the first write to a shared root record, such as the query root, from
                // re-reading every subscription rooted there.
                var keys = Set(patch.values.keys)
                if patch.typename != nil { keys.insert(SnapshotReader<Self>.typenameKey) }
                if tracksFields(dataID), !keys.isEmpty {
                    changes.insert(dataID, keys: keys)
                } else {
                    changes.insertRecord(dataID)
                }
                continue
            }
            guard patch.typename == nil || patch.typename == existing.typename else {
                changes.insertRecord(dataID)
                continue
            }
            if tracksFields(dataID) {
                var keys: Set<String> = []
                for (key, value) in patch.values where existing.fields[key]?.value != value { keys.insert(key) }
                changes.insert(dataID, keys: keys)
            } else if Self.changesValues(existing, patch) {
                changes.insertRecord(dataID)
            }
        }
        try source.write(RecordWriteBatch(patches: patches, order: dataIDs, writtenAt: writtenAt))
        if !optimistic.isEmpty {
            let under = patches.keys.filter { optimistic.merged[$0] != nil }
            if !under.isEmpty { optimistic.refresh(under, base: source) }
        }
        return changes
    }

    private static func changesValues(_ existing: Record, _ patch: RecordPatch) -> Bool {
        for (key, value) in patch.values where existing.fields[key]?.value != value { return true }
        return false
    }
}
