/// How a SQLite store opens its file, how much of it it keeps decoded in memory, and how long it
/// keeps the data of roots no one retains.
public struct SQLiteStoreConfiguration: Sendable {
    /// What opening does with a file it cannot use.
    public enum UnusableFile: Sendable {
        /// Throw the ``SQLiteStoreError``; the app decides.
        case fail
        /// Start over with an empty store, and log why (``SQLiteStoreEvent/reopenedEmpty(_:)``): a
        /// corrupt file or one of a newer format is moved aside (to the path with `.unusable`
        /// appended, its WAL beside it, replacing the one moved aside before, so the last one can
        /// still be rescued) and replaced; where no file can be written at all (a read-only
        /// directory, or a file this process may not write, which is left as it is), the store
        /// lives in memory for this launch
        /// (``SQLiteStoreEvent/openedInMemory(_:)``). The default, as the store is a cache.
        case reopenEmpty
    }

    /// What opening does with a file it cannot use; ``UnusableFile/reopenEmpty`` by default.
    public var unusableFile: UnusableFile
    /// How many decoded records are kept in memory (about the records of a few screens); records
    /// beyond it are read from the file again when needed.
    public var cacheCapacity: Int
    /// Which roots of earlier launches a collection keeps.
    public var retention: PersistedRootPolicy
    /// The most bytes the file may grow to, or `nil` for no bound but the disk's; a write that
    /// would pass it fails as on a full disk and is rolled back.
    public var maximumFileBytes: Int?
    /// Told what happened that the app may want to log; value-free (codes and counts). Called under
    /// the store's lock: it must not call back into the store.
    public var log: @Sendable (SQLiteStoreEvent) -> Void

    /// A configuration; every part has a default.
    public init(
        unusableFile: UnusableFile = .reopenEmpty, cacheCapacity: Int = 10_000,
        retention: PersistedRootPolicy = PersistedRootPolicy(), maximumFileBytes: Int? = nil,
        log: @escaping @Sendable (SQLiteStoreEvent) -> Void = { _ in }
    ) {
        self.unusableFile = unusableFile
        self.cacheCapacity = cacheCapacity
        self.retention = retention
        self.maximumFileBytes = maximumFileBytes
        self.log = log
    }
}

/// Which roots of earlier launches a collection keeps the data of, when no one retains them now
/// (decision 0151).
///
/// A root is remembered when a screen first reads it in a launch (a subscription starts), with the
/// time; a collection keeps the remembered roots read within ``maximumAge``, most recently read
/// first, until ``maximumRecords`` records are kept, and forgets the rest. Roots the app retains
/// now are kept whatever the policy.
public struct PersistedRootPolicy: Sendable, Hashable {
    /// How long a root no one reads stays kept; `nil` for no limit. Thirty days by default.
    public var maximumAge: Duration?
    /// How many records the kept roots may hold in all, least recently read roots dropped first;
    /// `nil` (the default) for no bound.
    public var maximumRecords: Int?

    /// A policy; by default roots are kept thirty days after they were last read, with no bound.
    public init(maximumAge: Duration? = .seconds(30 * 24 * 3600), maximumRecords: Int? = nil) {
        self.maximumAge = maximumAge
        self.maximumRecords = maximumRecords
    }

    /// Keeps no root of an earlier launch: collection behaves as over the in-memory store.
    public static let none = PersistedRootPolicy(maximumAge: .zero, maximumRecords: 0)
}

/// What a SQLite store tells the app's log: codes and counts, never values.
public enum SQLiteStoreEvent: Sendable, Hashable {
    /// The file could not be used, so the store started over empty on disk.
    case reopenedEmpty(SQLiteStoreError.Code)
    /// No file could be written, so the store lives in memory for this launch.
    case openedInMemory(SQLiteStoreError.Code)
    /// An older file was brought up to the current format.
    case migrated(from: Int64, to: Int64)
    /// An older file with no step to the current format was reset.
    case resetOlderFormat(Int64)
    /// A record could not be read (a damaged page or bytes); reads treat it as missing.
    case readFailed(SQLiteStoreError.Code)
    /// A write was rolled back; the publish that made it threw.
    case writeFailed(SQLiteStoreError.Code)
    /// A collection forgot this many roots of earlier launches (too old, or past the record bound).
    case rootsForgotten(Int)
}
