import Primitives

/// Counts of what a SQLite store read from its file and keeps in memory, readable from any thread
/// while the store works: for an app's diagnostics, and what the tests check laziness with.
public final class SQLiteStoreStatistics: Sendable {
    private let read = Locked(0)
    private let cached = Locked(0)

    init() {}

    /// How many records have been read from the file and decoded since it was opened.
    public var recordsRead: Int { read.withLock { $0 } }
    /// How many decoded records the cache holds now (at most the configuration's capacity).
    public var cachedRecords: Int { cached.withLock { $0 } }

    func recordRead() { read.withLock { $0 += 1 } }
    func cacheHolds(_ count: Int) { cached.withLock { $0 = count } }
}
