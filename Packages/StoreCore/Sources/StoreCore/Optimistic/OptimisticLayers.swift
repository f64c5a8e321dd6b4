import Primitives

/// Optimistic writes kept apart from the base records, so that each can be removed exactly.
///
/// Each layer is the patches one optimistic write made. Reads see ``merged``: for every record a
/// layer touches, the base record with every layer's patches applied in order. Removing a layer
/// recomputes those records from the base and the layers left, so overlapping layers roll back
/// exactly in any order, and a server response written to the base under a layer shows through
/// once the layer goes.
struct OptimisticLayers {
    private var layers: [(id: String, patches: [DataID: RecordPatch], writtenAt: WallInstant)] = []
    /// The records as reads see them, for every record some layer touches.
    private(set) var merged: [DataID: Record] = [:]

    var isEmpty: Bool { layers.isEmpty }

    func contains(_ id: String) -> Bool { layers.contains { $0.id == id } }

    /// Adds a layer; returns what reads see change.
    mutating func add(
        id: String, patches: [DataID: RecordPatch], writtenAt: WallInstant, base: some RecordSource
    ) -> StoreChanges {
        let before = visible(patches.keys, base: base)
        layers.append((id, patches, writtenAt))
        refresh(patches.keys, base: base)
        return changes(from: before, patches: patches, base: base)
    }

    /// Removes the layer `id`; returns what reads see change (nothing when there was none).
    mutating func remove(id: String, base: some RecordSource) -> StoreChanges {
        guard let position = layers.firstIndex(where: { $0.id == id }) else { return StoreChanges() }
        let patches = layers[position].patches
        let before = visible(patches.keys, base: base)
        layers.remove(at: position)
        refresh(patches.keys, base: base)
        return changes(from: before, patches: patches, base: base)
    }

    /// The records among `dataIDs` as reads see them.
    private func visible(_ dataIDs: some Sequence<DataID>, base: some RecordSource) -> [DataID: Record?] {
        var records: [DataID: Record?] = [:]
        for dataID in dataIDs {
            let record: Record? = merged[dataID] ?? base.record(for: dataID)
            records[dataID] = .some(record)
        }
        return records
    }

    /// What changed for reads since `before`, for the records of a layer's `patches`: only the
    /// fields the layer names can differ.
    private func changes(
        from before: [DataID: Record?], patches: [DataID: RecordPatch], base: some RecordSource
    ) -> StoreChanges {
        var changes = StoreChanges()
        for (dataID, patch) in patches {
            let old = before[dataID] ?? nil
            changes.insertDifference(
                old, merged[dataID] ?? base.record(for: dataID), dataID: dataID, keys: patch.values.keys)
        }
        return changes
    }

    /// `base` with every layer's patches for its record applied in order: what reads would see if
    /// `base` were the stored record (a transaction's staged record, read before it is applied).
    func applied(over base: Record) -> Record {
        var record = base
        for layer in layers {
            guard let patch = layer.patches[base.dataID] else { continue }
            Record.merge(patch, writtenAt: layer.writtenAt, into: &record)
        }
        return record
    }

    /// Recomputes the merged records among `dataIDs` (after the base changed under them).
    mutating func refresh(_ dataIDs: some Sequence<DataID>, base: some RecordSource) {
        for dataID in dataIDs {
            var record: Record?
            for layer in layers {
                guard let patch = layer.patches[dataID] else { continue }
                var current = record ?? base.record(for: dataID) ?? Record(dataID: dataID, typename: nil)
                Record.merge(patch, writtenAt: layer.writtenAt, into: &current)
                record = current
            }
            merged[dataID] = record
        }
    }
}
