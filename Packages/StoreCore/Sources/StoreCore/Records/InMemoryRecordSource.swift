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

    /// Removes every record not in `kept`.
    public mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        let before = records.count
        records = records.filter { kept.contains($0.key) }
        return before - records.count
    }
}
