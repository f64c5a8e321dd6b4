import GraphQLCore
import Primitives
@_spi(RecordFormat) import StoreCore

/// A record source in a SQLite file: the store survives relaunches and crashes.
///
/// Give it to a store as the in-memory source is given (`Store(clock:source:)`, then the store to
/// the environment). Records are read from the file when a read needs them and kept decoded in a
/// bounded cache, so opening a large file reads none of them. Every publish and every store
/// transaction is one SQLite transaction (WAL): after a crash the file holds each publish whole or
/// not at all, and a write that fails (a full disk) throws from the publish and leaves the file and
/// the store as they were. The file keeps each field's write time and the invalidation point, so
/// `@cacheExpiration` ages keep counting across launches on the wall clock, and the roots screens
/// read, so that a later launch's collection keeps their data as ``PersistedRootPolicy`` says.
///
/// Record bytes are `RecordEncoding`'s, the format the in-memory store keeps.
public struct SQLiteRecordSource: RecordSource {
    /// Where a source keeps its records.
    public enum Location: Sendable, Hashable {
        /// In the file at this path.
        case file(String)
        /// In memory, for this launch only (the file could not be written; see
        /// ``SQLiteStoreConfiguration/UnusableFile/reopenEmpty``).
        case memory
    }

    let storage: SQLiteRecordStorage

    /// Opens the store at `path`, creating the file when there is none, migrating an older one.
    ///
    /// A file that cannot be used (corrupt, of a newer format, read-only or in a read-only directory) throws or
    /// starts over empty, as `configuration.unusableFile` says; a SQLite database of another
    /// application always throws ``SQLiteStoreError/Code/notAStore``. `maximumDepth` bounds how deep
    /// a record's lists may nest when read back (the store's `StoreConfiguration.maximumDepth`).
    public init(
        path: String, configuration: SQLiteStoreConfiguration = SQLiteStoreConfiguration(), maximumDepth: Int = 512
    ) throws(SQLiteStoreError) {
        storage = try FileOpening.open(path: path, configuration: configuration, maximumDepth: maximumDepth)
    }

    /// Where the records are: the file, or memory when the file could not be written.
    public var location: Location { storage.location }

    /// What the source has read from its file and keeps in memory; safe to keep and read from any
    /// thread after the source is given to a store.
    public var statistics: SQLiteStoreStatistics { storage.statistics }

    /// Removes the store's file and its WAL and shared-memory files (for an app's "clear cache";
    /// no store may have it open).
    public static func removeFiles(at path: String) { FileOpening.removeFiles(at: path) }

    /// The record with this ID, from the cache or read from the file; `nil` when absent or
    /// unreadable (logged as ``SQLiteStoreEvent/readFailed(_:)``).
    public func record(for dataID: DataID) -> Record? { storage.record(for: dataID) }

    /// The records with these IDs, in order.
    public func records(for dataIDs: [DataID]) -> [Record?] { storage.records(for: dataIDs) }

    /// The number of records in the file, kept in the file so that opening does not count them.
    public var count: Int { storage.count }

    /// Writes the batch as one transaction; throws a `StoreError` (code `.storageFull` for a full disk
    /// or file bound, else `.recordSourceFailed`) having written none of it.
    public mutating func write(_ batch: RecordWriteBatch) throws(StoreError) {
        do {
            try storage.write(batch)
        } catch {
            throw StoreError(error.code == .full ? .storageFull : .recordSourceFailed, error.description)
        }
    }

    /// Removes every record not in `kept`, in one transaction (none when it fails).
    public mutating func removeAll(notIn kept: Set<DataID>) -> Int { storage.removeAll(notIn: kept) }

    /// The IDs of the file's records of type `typename` (each record's bytes are read).
    public func dataIDs(ofType typename: String) -> [DataID] { storage.dataIDs(ofType: typename) }

    /// The invalidation point kept in the file.
    public var invalidationPoint: WallInstant? { storage.invalidationPoint }

    /// Keeps the invalidation point in the file (with the next batch, if writing it now fails).
    public mutating func keepInvalidationPoint(_ point: WallInstant) { storage.keepInvalidationPoint(point) }

    /// Remembers `root` as read at `instant`.
    public mutating func noteRead(of root: StoreRoot, at instant: WallInstant) {
        storage.noteRead(of: root, at: instant)
    }

    /// The remembered roots the policy keeps at `instant`, most recently read first; forgets those
    /// read longer ago than its maximum age.
    public mutating func persistedRoots(at instant: WallInstant) -> PersistedRoots {
        storage.persistedRoots(at: instant)
    }

    /// The server `maxAge`s kept in the file, by root.
    public var serverMaxAges: [String: Int] { storage.serverMaxAges }

    /// Keeps a root's server `maxAge` in the file (or forgets it when `nil`).
    public mutating func keepServerMaxAge(_ seconds: Int?, forRoot key: String) {
        storage.keepServerMaxAge(seconds, forRoot: key)
    }

    /// Whether another store wrote the file since the last call (an app extension, or a second
    /// store on the same path): reads already see its commits; `Store.checkForOtherWriters()` asks
    /// this to tell the subscribers.
    public mutating func takeWritesByOthers() -> Bool { storage.takeWritesByOthers() }

    /// Forgets the roots past the record bound.
    public mutating func keepFirstPersistedRoots(_ count: Int) { storage.keepFirstPersistedRoots(count) }

    /// The queued mutations kept in the file, in queue order.
    public func pendingMutations() -> [PendingMutation] { storage.pendingMutations() }

    /// Keeps `mutation` (its row holds its optimistic layer's data) in one transaction; throws a
    /// `StoreError` (`.storageFull` or `.recordSourceFailed`) having kept nothing.
    public mutating func keepPendingMutation(_ mutation: PendingMutation) throws(StoreError) {
        do {
            try storage.keepPendingMutation(mutation)
        } catch {
            throw StoreError(error.code == .full ? .storageFull : .recordSourceFailed, error.description)
        }
    }

    /// Forgets the queued mutation `id`.
    public mutating func removePendingMutation(id: String) { storage.removePendingMutation(id: id) }
}

@_spi(RecordFormat) extension SQLiteRecordSource: EncodedRecordSource {
    /// Writes a publish merged as bytes into the records' bytes, in one transaction; throws as the
    /// write of a batch of patches does, having written none of it.
    public mutating func write(_ batch: inout EncodedRecordBatch) throws(StoreError) {
        do {
            try storage.write(&batch)
        } catch {
            throw StoreError(error.code == .full ? .storageFull : .recordSourceFailed, error.description)
        }
    }
}

extension StoreError.Code {
    /// The disk, or the file's bound (``SQLiteStoreConfiguration/maximumFileBytes``), is full; the
    /// write was rolled back.
    public static let storageFull = StoreError.Code("storageFull")
}
