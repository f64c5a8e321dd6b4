/// The store's records: the record source, with the optimistic layers over it.
struct StoreRecords: RecordLookup {
    var source: RecordStorage
    var optimistic = OptimisticLayers()

    init(source: any RecordSource) { self.source = RecordStorage(source) }

    @inline(__always) func lookupRecord(_ dataID: DataID) -> Record? {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return record }
        return source.record(for: dataID)
    }

    /// Writes a publish's patches to the source; returns the IDs whose stored value (or typename)
    /// really changed: new records, and fields written with a different value.
    mutating func write(
        _ patches: [DataID: RecordPatch], order dataIDs: [DataID], at writtenAt: StoreInstant
    ) -> Set<DataID> {
        var changed: Set<DataID> = []
        for (dataID, existing) in zip(dataIDs, source.records(for: dataIDs)) {
            // `patches` has every ID of `dataIDs`; the lookup cannot fail.
            guard let patch = patches[dataID] else { continue }
            if Self.changes(existing, patch) { changed.insert(dataID) }
        }
        source.write(RecordWriteBatch(patches: patches, order: dataIDs, writtenAt: writtenAt))
        if !optimistic.isEmpty {
            let under = patches.keys.filter { optimistic.merged[$0] != nil }
            if !under.isEmpty { optimistic.refresh(under, base: source) }
        }
        return changed
    }

    private static func changes(_ existing: Record?, _ patch: RecordPatch) -> Bool {
        guard let existing else { return true }
        if let typename = patch.typename, typename != existing.typename { return true }
        for (key, value) in patch.values where existing.fields[key]?.value != value { return true }
        return false
    }
}
