/// The default record source: records as structs in one dictionary keyed by data ID.
///
/// Patches merge into the stored record in place (the dictionary's `modify` accessor), so a publish
/// copies no record it writes.
public struct InMemoryRecordSource: RecordSource, Sendable {
    @usableFromInline var records: [DataID: Record]

    /// An empty source.
    public init() { records = [:] }

    /// A source holding these records.
    public init(records: [Record]) {
        self.records = Dictionary(records.map { ($0.dataID, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The record with this ID, or `nil`.
    @inlinable public func record(for dataID: DataID) -> Record? { records[dataID] }

    /// The number of records.
    public var count: Int { records.count }

    /// Merges the patches into their records, in the batch's order (new records' fields are then
    /// allocated in the order reads visit them, which keeps a walk over a large store in step with
    /// memory), and removes the removals.
    public mutating func write(_ batch: RecordWriteBatch) {
        if batch.order.count == batch.patches.count {
            for dataID in batch.order {
                guard let patch = batch.patches[dataID] else { continue }
                merge(patch, into: dataID, at: batch.writtenAt)
            }
        } else {
            // An order that does not list every patch once: apply them all, in any order.
            for (dataID, patch) in batch.patches { merge(patch, into: dataID, at: batch.writtenAt) }
        }
        for dataID in batch.removals { records[dataID] = nil }
    }

    private mutating func merge(_ patch: RecordPatch, into dataID: DataID, at writtenAt: StoreInstant) {
        Record.merge(
            patch, writtenAt: writtenAt,
            into: &records[dataID, default: Record(dataID: dataID, typename: patch.typename)])
    }

    /// Removes every record not in `kept`, one by one: a collection usually removes few of many
    /// records, and rebuilding the dictionary would cost as much as all of them.
    public mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        var removals: [DataID] = []
        for dataID in records.keys where !kept.contains(dataID) { removals.append(dataID) }
        for dataID in removals { records.removeValue(forKey: dataID) }
        return removals.count
    }
}
