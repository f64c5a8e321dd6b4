/// What one garbage collection did.
public struct CollectionReport: Sendable, Hashable {
    /// How many records were removed.
    public var removedRecords: Int
    /// How many records are left.
    public var keptRecords: Int

    /// A report.
    public init(removedRecords: Int, keptRecords: Int) {
        self.removedRecords = removedRecords
        self.keptRecords = keptRecords
    }
}
