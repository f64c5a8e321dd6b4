import Primitives

/// The store's records with a transaction's staged patches over the record source, read as they
/// will be once applied: the optimistic layers still lie over both.
struct StagedRecords: RecordLookup {
    let records: StoreRecords
    let patches: [DataID: RecordPatch]
    /// The instant staged fields read as written at (they are stamped for real when applied).
    let writtenAt: WallInstant

    var keyTable: RecordKeyTable? { records.keyTable }
    var resolver: MissingFieldResolver? { records.resolver }

    func lookupRecord(_ dataID: DataID) -> RecordView? {
        guard patches[dataID] != nil else { return records.lookupRecord(dataID) }
        return record(dataID).map { .decoded($0) }
    }

    /// The record with this ID as it will read once the staged patches are applied, decoded.
    func record(_ dataID: DataID) -> Record? {
        guard let patch = patches[dataID] else { return records.record(dataID) }
        var record = records.source.record(for: dataID) ?? Record(dataID: dataID, typename: nil)
        Record.merge(patch, writtenAt: writtenAt, into: &record)
        return records.optimistic.isEmpty ? record : records.optimistic.applied(over: record)
    }
}
