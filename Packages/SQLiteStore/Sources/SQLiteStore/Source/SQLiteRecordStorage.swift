import CSQLite
import Foundation
import GraphQLCore
import Primitives
import StoreCore

/// What a ``SQLiteRecordSource`` holds: the open file, the key table, the cache of decoded records,
/// the count, the invalidation point and the roots read in this launch.
///
/// A class because reads fill the cache, and ``RecordSource/record(for:)`` is not `mutating`. Used
/// only under the store's lock, like the source that holds it.
final class SQLiteRecordStorage {
    let connection: SQLiteConnection
    let configuration: SQLiteStoreConfiguration
    let maximumDepth: Int
    /// Where the records live.
    let location: SQLiteRecordSource.Location
    private(set) var keys: RecordKeyTable
    private(set) var recordCount: Int
    private(set) var invalidationPoint: WallInstant?
    /// An invalidation point not yet on disk (its own write failed): written with the next batch.
    private var pendingInvalidationPoint: WallInstant?
    private var cache: RecordCache
    /// The records the store read just before writing them (it reads a batch's records to find
    /// what changes): kept until the write, so a batch larger than the cache is not read twice.
    private var lastBatchRead: [DataID: Record?] = [:]
    /// The row of each root read in this launch.
    private var rootRows: [StoreRoot: Int64] = [:]
    /// The roots the last ``persistedRoots(at:)`` gave, by row, in its order.
    private var lastPersistedRows: [Int64] = []
    private var decodedRoots: [Int64: StoreRoot] = [:]
    let statistics = SQLiteStoreStatistics()

    init(
        connection: SQLiteConnection, location: SQLiteRecordSource.Location,
        configuration: SQLiteStoreConfiguration, maximumDepth: Int
    ) throws(SQLiteStoreError) {
        self.connection = connection
        self.location = location
        self.configuration = configuration
        self.maximumDepth = maximumDepth
        self.cache = RecordCache(capacity: configuration.cacheCapacity)
        var stored: [String] = []
        try connection.run("SELECT key FROM keys ORDER BY position") { (row: SQLiteRow) throws(SQLiteStoreError) in
            guard let key = row[0].text else { throw SQLiteStoreError(.corrupt, "a field key that is not text") }
            stored.append(key)
        }
        do {
            keys = try RecordKeyTable(keys: stored)
        } catch {
            throw SQLiteStoreError(.corrupt, "the field keys repeat a key")
        }
        recordCount = Int(try connection.scalar("SELECT value FROM meta WHERE name = 'recordCount'")?.integer ?? 0)
        invalidationPoint = try connection.scalar("SELECT value FROM meta WHERE name = 'invalidationPoint'")?.integer
            .map { WallInstant(nanosecondsSince1970: $0) }
    }

    // MARK: Reading

    func record(for dataID: DataID) -> Record? {
        if let record = cache.record(for: dataID) { return record }
        if let read = lastBatchRead[dataID] { return read }
        guard recordCount > 0 else { return nil }
        var record: Record?
        let keys = self.keys
        let maximumDepth = self.maximumDepth
        do throws(SQLiteStoreError) {
            try connection.run("SELECT bytes FROM records WHERE id = ?", [.text(dataID.rawValue)]) {
                (row: SQLiteRow) throws(SQLiteStoreError) in
                record = try row.withBlob(0) { (bytes: UnsafeRawBufferPointer) throws(SQLiteStoreError) -> Record in
                    do throws(RecordEncodingError) {
                        return try RecordEncoding.decode(bytes, dataID: dataID, keys: keys, maximumDepth: maximumDepth)
                    } catch {
                        throw SQLiteStoreError(.corrupt, "a record's bytes do not decode: \(error.code)")
                    }
                }
            }
        } catch {
            configuration.log(.readFailed(error.code))
            return nil
        }
        if let record {
            statistics.recordRead()
            cache.insert(record)
            statistics.cacheHolds(cache.count)
        }
        return record
    }

    func records(for dataIDs: [DataID]) -> [Record?] {
        let records = dataIDs.map { record(for: $0) }
        lastBatchRead = Dictionary(zip(dataIDs, records), uniquingKeysWith: { first, _ in first })
        return records
    }

    // MARK: Writing

    /// Writes the batch in one transaction; on any failure rolls it back and throws, leaving the
    /// file, the cache, the key table and the count as they were.
    func write(_ batch: RecordWriteBatch) throws(SQLiteStoreError) {
        defer { lastBatchRead = [:] }
        guard !batch.patches.isEmpty || !batch.removals.isEmpty else { return }
        var newKeys = keys
        var newCount = recordCount
        var written: [Record] = []
        written.reserveCapacity(batch.patches.count)
        try transaction { () throws(SQLiteStoreError) in
            let order = batch.order.count == batch.patches.count ? batch.order : Array(batch.patches.keys)
            for dataID in order {
                guard let patch = batch.patches[dataID] else { continue }
                var merged: Record
                if let existing = record(for: dataID) {
                    merged = existing
                } else {
                    merged = Record(dataID: dataID, typename: nil)
                    newCount += 1
                }
                Record.merge(patch, writtenAt: batch.writtenAt, into: &merged)
                let bytes = RecordEncoding.encode(merged, keys: &newKeys)
                try connection.run(
                    "INSERT OR REPLACE INTO records (id, bytes) VALUES (?, ?)", [.text(dataID.rawValue), .blob(bytes)])
                written.append(merged)
            }
            for dataID in batch.removals {
                try connection.run("DELETE FROM records WHERE id = ?", [.text(dataID.rawValue)])
                newCount -= connection.changes
            }
            for (offset, key) in newKeys.keys(from: keys.count).enumerated() {
                try connection.run(
                    "INSERT INTO keys (position, key) VALUES (?, ?)",
                    [.integer(Int64(keys.count + offset)), .text(key)])
            }
            try writeMeta(recordCount: newCount)
        }
        keys = newKeys
        recordCount = newCount
        pendingInvalidationPoint = nil
        for record in written { cache.insert(record) }
        for dataID in batch.removals { cache.remove(dataID) }
        statistics.cacheHolds(cache.count)
    }

    /// Removes every record not in `kept`, in one transaction; on failure removes nothing.
    func removeAll(notIn kept: Set<DataID>) -> Int {
        var removed: [DataID] = []
        do {
            try connection.run("SELECT id FROM records") { (row: SQLiteRow) throws(SQLiteStoreError) in
                guard let text = row[0].text else { return }
                let dataID = DataID(text)
                if !kept.contains(dataID) { removed.append(dataID) }
            }
            guard !removed.isEmpty else { return 0 }
            try transaction { () throws(SQLiteStoreError) in
                for dataID in removed {
                    try connection.run("DELETE FROM records WHERE id = ?", [.text(dataID.rawValue)])
                }
                try writeMeta(recordCount: recordCount - removed.count)
            }
        } catch {
            configuration.log(.writeFailed(error.code))
            return 0
        }
        recordCount -= removed.count
        for dataID in removed { cache.remove(dataID) }
        statistics.cacheHolds(cache.count)
        return removed.count
    }

    private func writeMeta(recordCount: Int) throws(SQLiteStoreError) {
        try connection.run(
            "INSERT OR REPLACE INTO meta (name, value) VALUES ('recordCount', ?)", [.integer(Int64(recordCount))])
        if let pendingInvalidationPoint {
            try connection.run(
                "INSERT OR REPLACE INTO meta (name, value) VALUES ('invalidationPoint', ?)",
                [.integer(pendingInvalidationPoint.nanosecondsSince1970)])
        }
    }

    /// Runs `body` in one immediate transaction: committed when it returns, rolled back when it (or
    /// the commit) throws.
    func transaction(_ body: () throws(SQLiteStoreError) -> Void) throws(SQLiteStoreError) {
        do {
            try connection.execute("BEGIN IMMEDIATE")
            try body()
            try connection.execute("COMMIT")
        } catch {
            if connection.inTransaction { try? connection.execute("ROLLBACK") }
            configuration.log(.writeFailed(error.code))
            throw error
        }
    }

    // MARK: Invalidation

    func keepInvalidationPoint(_ point: WallInstant) {
        invalidationPoint = point
        do {
            try connection.run(
                "INSERT OR REPLACE INTO meta (name, value) VALUES ('invalidationPoint', ?)",
                [.integer(point.nanosecondsSince1970)])
            pendingInvalidationPoint = nil
        } catch {
            // Written with the next batch instead, which cannot commit without it.
            configuration.log(.writeFailed(error.code))
            pendingInvalidationPoint = point
        }
    }

    // MARK: Roots

    func noteRead(of root: StoreRoot, at instant: WallInstant) {
        guard root.dataID != .mutationRoot, root.dataID != .subscriptionRoot else { return }
        do {
            if let row = rootRows[root] {
                try connection.run(
                    "UPDATE roots SET lastRead = max(lastRead, ?) WHERE id = ?",
                    [.integer(instant.nanosecondsSince1970), .integer(row)])
                if connection.changes > 0 { return }
            }
            let bytes = RootEncoding.encode(root)
            try connection.run(
                """
                INSERT INTO roots (root, lastRead) VALUES (?, ?)
                ON CONFLICT (root) DO UPDATE SET lastRead = max(lastRead, excluded.lastRead)
                """, [.blob(bytes), .integer(instant.nanosecondsSince1970)])
            if let row = try connection.scalar("SELECT id FROM roots WHERE root = ?", [.blob(bytes)])?.integer {
                rootRows[root] = row
                decodedRoots[row] = root
            }
        } catch {
            configuration.log(.writeFailed(error.code))
        }
    }

    func persistedRoots(at instant: WallInstant) -> PersistedRoots {
        var forgotten = 0
        var roots: [StoreRoot] = []
        var rows: [Int64] = []
        do {
            if let age = configuration.retention.maximumAge {
                try connection.run(
                    "DELETE FROM roots WHERE lastRead < ?", [.integer((instant - age).nanosecondsSince1970)])
                forgotten += connection.changes
            }
            var malformed: [Int64] = []
            try connection.run("SELECT id, root FROM roots ORDER BY lastRead DESC, id DESC") {
                (row: SQLiteRow) throws(SQLiteStoreError) in
                guard let id = row[0].integer else { return }
                if let root = decodedRoots[id] {
                    roots.append(root)
                    rows.append(id)
                } else if let bytes = row[1].blob, let root = try? RootEncoding.decode(bytes) {
                    decodedRoots[id] = root
                    roots.append(root)
                    rows.append(id)
                } else {
                    malformed.append(id)
                }
            }
            for id in malformed { try connection.run("DELETE FROM roots WHERE id = ?", [.integer(id)]) }
            forgotten += malformed.count
        } catch {
            configuration.log(.readFailed(error.code))
        }
        if forgotten > 0 { configuration.log(.rootsForgotten(forgotten)) }
        lastPersistedRows = rows
        return PersistedRoots(roots: roots, recordLimit: configuration.retention.maximumRecords)
    }

    func keepFirstPersistedRoots(_ count: Int) {
        let dropped = lastPersistedRows.dropFirst(count)
        guard !dropped.isEmpty else { return }
        do {
            try transaction { () throws(SQLiteStoreError) in
                for row in dropped { try connection.run("DELETE FROM roots WHERE id = ?", [.integer(row)]) }
            }
        } catch {
            return
        }
        for row in dropped {
            if let root = decodedRoots.removeValue(forKey: row) { rootRows.removeValue(forKey: root) }
        }
        configuration.log(.rootsForgotten(dropped.count))
    }
}
