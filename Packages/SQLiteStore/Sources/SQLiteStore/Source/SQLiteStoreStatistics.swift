import Synchronization

/// Counts of what a SQLite store read from its file and keeps in memory, readable from any thread
/// while the store works: for an app's diagnostics, and what the tests check laziness with.
public final class SQLiteStoreStatistics: Sendable {
    private let read = Atomic<Int>(0)
    private let cached = Atomic<Int>(0)

    init() {}

    /// How many records have been read from the file and decoded since it was opened.
    public var recordsRead: Int { read.load(ordering: .relaxed) }
    /// How many decoded records the cache holds now (at most the configuration's capacity).
    public var cachedRecords: Int { cached.load(ordering: .relaxed) }

    func recordRead() { read.add(1, ordering: .relaxed) }
    func cacheHolds(_ count: Int) { cached.store(count, ordering: .relaxed) }
}
