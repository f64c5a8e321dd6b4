import GraphQLCore

/// Writes staged against a store by ``Store/update(_:)``, applied together when its body returns
/// and not at all when it throws (as Relay publishes an updater's proxy writes only after it
/// returns; decision 0047).
///
/// Reads through a transaction see the store as it is now with the staged writes over it (and the
/// optimistic layers over both, as every read does); reads through the store itself see nothing
/// staged until the transaction is applied. A transaction exists only inside the body that
/// receives it, so nothing staged can outlive it.
public struct StoreTransaction {
    let store: Store
    /// The staged patches: a record staged twice merges its patches, later values winning.
    private(set) var patches: [DataID: RecordPatch] = [:]
    /// Every staged ID once, in the order first staged: the write batch's order.
    private(set) var order: [DataID] = []

    init(store: Store) { self.store = store }

    /// Stages `data`, read with `root`'s selection and variables, as a publish into the records
    /// from `root`'s record would write it.
    ///
    /// Throws ``StoreError`` when the data does not fit the selection, staging nothing of it.
    public mutating func publish(_ data: JSONValue, to root: StoreRoot) throws(StoreError) {
        let (normalized, stagedOrder, pages) = try store.normalize(data, root)
        try stage(normalized, order: stagedOrder, pages: pages)
    }

    /// Stages a normalized answer's patches, in the normalizer's order, and its `@connection` pages.
    mutating func stage(
        _ normalized: [DataID: RecordPatch], order stagedOrder: [DataID], pages: [ConnectionPage]
    ) throws(StoreError) {
        let staged = try mergingPages(pages, into: normalized)
        for dataID in stagedOrder {
            // The normalizer's order lists every patch it made; the lookup cannot fail.
            guard let patch = staged[dataID] else { continue }
            if let existing = patches[dataID] {
                patches[dataID] = Self.merging(patch, into: existing)
            } else {
                patches[dataID] = patch
                order.append(dataID)
            }
        }
    }

    /// `patches` with their `@connection` pages merged into the lists as the store holds them with
    /// the staged writes over it.
    private func mergingPages(_ pages: [ConnectionPage], into patches: [DataID: RecordPatch]) throws(StoreError)
        -> [DataID: RecordPatch]
    {
        guard !pages.isEmpty else { return patches }
        return try store.state.withLock { state throws(StoreError) in
            let staged = StagedRecords(
                records: state.records, patches: self.patches,
                writtenAt: state.provisionalStamp(store.configuration.clock()))
            var merged = patches
            try ConnectionMerge.merge(pages, into: &merged) { staged.record($0) }
            return merged
        }
    }

    /// Reads `root` as the store would show it with the staged writes applied now.
    public func lookup(_ root: StoreRoot) -> Snapshot {
        store.state.withLock { state in
            let staged = StagedRecords(
                records: state.records, patches: patches,
                writtenAt: state.provisionalStamp(store.configuration.clock()))
            return SnapshotReader.read(root, from: staged, invalidationPoint: state.invalidationPoint)
        }
    }

    /// The record with this ID as the store would show it with the staged writes applied now.
    public func record(_ dataID: DataID) -> Record? {
        store.state.withLock { state in
            StagedRecords(
                records: state.records, patches: patches,
                writtenAt: state.provisionalStamp(store.configuration.clock())
            ).record(dataID)
        }
    }

    /// Stages `patch` for `dataID` over what is staged for it already.
    mutating func stage(_ patch: RecordPatch, for dataID: DataID) {
        if let existing = patches[dataID] {
            patches[dataID] = Self.merging(patch, into: existing)
        } else {
            patches[dataID] = patch
            order.append(dataID)
        }
    }

    private static func merging(_ patch: RecordPatch, into existing: RecordPatch) -> RecordPatch {
        var merged = existing
        if let typename = patch.typename { merged.typename = typename }
        for (key, value) in patch.values { merged.values[key] = value }
        return merged
    }
}
