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

    /// Merges the patches into their records and removes the removals.
    public mutating func write(_ batch: RecordWriteBatch) {
        for (dataID, patch) in batch.patches {
            Record.merge(
                patch, writtenAt: batch.writtenAt,
                into: &records[dataID, default: Record(dataID: dataID, typename: patch.typename)])
        }
        for dataID in batch.removals { records[dataID] = nil }
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
