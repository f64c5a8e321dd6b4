/// Optimistic writes kept apart from the base records, so that each can be removed exactly.
///
/// Each layer is the patches one optimistic write made. Reads see ``merged``: for every record a
/// layer touches, the base record with every layer's patches applied in order. Removing a layer
/// recomputes those records from the base and the layers left, so overlapping layers roll back
/// exactly in any order, and a server response written to the base under a layer shows through
/// once the layer goes.
struct OptimisticLayers {
    private var layers: [(id: String, patches: [DataID: RecordPatch], writtenAt: StoreInstant)] = []
    /// The records as reads see them, for every record some layer touches.
    private(set) var merged: [DataID: Record] = [:]

    var isEmpty: Bool { layers.isEmpty }

    func contains(_ id: String) -> Bool { layers.contains { $0.id == id } }

    /// Adds a layer; returns the records it touches.
    mutating func add(
        id: String, patches: [DataID: RecordPatch], writtenAt: StoreInstant, base: some RecordSource
    ) -> Set<DataID> {
        layers.append((id, patches, writtenAt))
        let touched = Set(patches.keys)
        refresh(touched, base: base)
        return touched
    }

    /// Removes the layer `id`; returns the records it touched (empty when there was none).
    mutating func remove(id: String, base: some RecordSource) -> Set<DataID> {
        guard let position = layers.firstIndex(where: { $0.id == id }) else { return [] }
        let touched = Set(layers.remove(at: position).patches.keys)
        refresh(touched, base: base)
        return touched
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
