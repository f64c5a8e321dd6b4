import CSQLite
import Foundation
import GraphQLCore
import Primitives
@_spi(RecordFormat) import StoreCore

/// What a ``SQLiteRecordSource`` holds: the open file, the key table, the cache of decoded records,
/// the count, the invalidation point and the roots read in this launch.
///
/// The key table, the count and the cache mirror the file as this store last saw it: another store
/// on the same file (another process's) may commit at any time, so each read and each write
/// transaction first catches up with it (decision 0186).
///
/// A class because reads fill the cache, and ``RecordSource/record(for:)`` is not `mutating`. Used
/// only under the store's lock, like the source that holds it.
final class SQLiteRecordStorage {
    private(set) var connection: SQLiteConnection
    let configuration: SQLiteStoreConfiguration
    let maximumDepth: Int
    /// Where the records live; memory once a damaged file could not be replaced by a new one.
    private(set) var location: SQLiteRecordSource.Location
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
    /// The damage SQLite found after opening, under ``SQLiteStoreConfiguration/UnusableFile/fail``:
    /// every later write throws it without touching the file, and it is logged only once.
    private(set) var damage: SQLiteStoreError?
    /// Whether another store may write the same file (it is a file, not memory): then every read
    /// and write first catches up with what the others committed.
    private var sharesFile: Bool
    /// SQLite's `data_version` when this store last caught up: it moves only when another
    /// connection, in this process or another, commits to the file.
    private var dataVersion: Int64 = 0
    /// Whether another connection wrote the file since ``takeWritesByOthers()`` last asked.
    private var changedElsewhere = false
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
        (keys, recordCount, invalidationPoint) = try Self.load(connection)
        sharesFile = location != .memory
        if sharesFile { dataVersion = try Self.dataVersion(of: connection) }
    }

    private static func dataVersion(of connection: SQLiteConnection) throws(SQLiteStoreError) -> Int64 {
        try connection.scalar("PRAGMA data_version")?.integer ?? 0
    }

    /// The key table, the record count and the invalidation point kept in the file.
    private static func load(
        _ connection: SQLiteConnection
    ) throws(SQLiteStoreError) -> (RecordKeyTable, Int, WallInstant?) {
        var stored: [String] = []
        try connection.run("SELECT key FROM keys ORDER BY position") { (row: SQLiteRow) throws(SQLiteStoreError) in
            guard let key = row[0].text else { throw SQLiteStoreError(.corrupt, "a field key that is not text") }
            stored.append(key)
        }
        let keys: RecordKeyTable
        do {
            keys = try RecordKeyTable(keys: stored)
        } catch {
            throw SQLiteStoreError(.corrupt, "the field keys repeat a key")
        }
        let recordCount = Int(
            try connection.scalar("SELECT value FROM meta WHERE name = 'recordCount'")?.integer ?? 0)
        let invalidationPoint = try connection.scalar("SELECT value FROM meta WHERE name = 'invalidationPoint'")?
            .integer.map { WallInstant(nanosecondsSince1970: $0) }
        return (keys, recordCount, invalidationPoint)
    }

    // MARK: Other writers

    /// Catches up with what other connections to the file committed since this one last looked
    /// (another store in this process, or an app extension's): new keys are appended to the table
    /// (keys only grow, each at the position its writer gave it), the count is the file's, and the
    /// decoded records, any of which may have changed, are dropped. One `PRAGMA data_version` when
    /// nothing changed.
    private func catchUp() throws(SQLiteStoreError) {
        guard sharesFile else { return }
        let version = try Self.dataVersion(of: connection)
        guard version != dataVersion else { return }
        var caughtUp = keys
        try connection.run(
            "SELECT position, key FROM keys WHERE position >= ? ORDER BY position", [.integer(Int64(keys.count))]
        ) { (row: SQLiteRow) throws(SQLiteStoreError) in
            guard let position = row[0].integer, position == caughtUp.count, let key = row[1].text,
                caughtUp.index(of: key) == nil
            else { throw SQLiteStoreError(.corrupt, "another writer's field keys do not follow this store's") }
            _ = caughtUp.intern(key)
        }
        recordCount = Int(try connection.scalar("SELECT value FROM meta WHERE name = 'recordCount'")?.integer ?? 0)
        keys = caughtUp
        dataVersion = version
        cache.removeAll()
        lastBatchRead = [:]
        statistics.cacheHolds(0)
        changedElsewhere = true
    }

    /// Whether another connection wrote the file since the last call (and catches up with it now):
    /// what tells the store to re-read its subscriptions.
    func takeWritesByOthers() -> Bool {
        do {
            try catchUp()
        } catch {
            failed(error, reading: true)
        }
        defer { changedElsewhere = false }
        return changedElsewhere
    }

    /// The number of records in the file, as its last commit left it.
    var count: Int {
        do {
            try catchUp()
        } catch {
            failed(error, reading: true)
        }
        return recordCount
    }

    // MARK: Damage

    /// Whether SQLite found the file damaged: not a record's bytes failing to decode, which reads as
    /// that record missing and is replaced by its next write, but a page SQLite cannot use, which
    /// fails every read and write that reaches it, in this launch and every later one.
    private static func isDamage(_ error: SQLiteStoreError) -> Bool {
        error.code == .corrupt && error.resultCode != nil
    }

    /// Logs a failed read or write; damage takes the path the configuration says for an unusable
    /// file, once: reopened empty (the runtime refetches what the screens then miss), or kept as
    /// ``damage`` so that every later write fails loudly.
    func failed(_ error: SQLiteStoreError, reading: Bool) {
        guard Self.isDamage(error) else {
            configuration.log(reading ? .readFailed(error.code) : .writeFailed(error.code))
            return
        }
        guard damage == nil else { return }
        switch configuration.unusableFile {
        case .fail:
            damage = SQLiteStoreError(
                .corrupt, "the file was found damaged after opening: \(error.message)", resultCode: error.resultCode)
            configuration.log(reading ? .readFailed(.corrupt) : .writeFailed(.corrupt))
        case .reopenEmpty:
            configuration.log(.reopenedEmpty(.corrupt))
            reopenEmpty()
        }
    }

    /// Moves the damaged file aside and starts over in a new one at its path (in memory when none
    /// can be made), forgetting everything read from the old one.
    private func reopenEmpty() {
        // The store holds the damaged file's only connection: closed (replaced) before the move, so
        // that what is moved aside is whole and no later statement reaches it.
        guard let placeholder = try? FileOpening.connection(":memory:", configuration: configuration) else {
            damage = SQLiteStoreError(.corrupt, "the file is damaged and no empty store could be opened")
            return
        }
        connection = placeholder
        sharesFile = false
        if case .file(let path) = location {
            FileOpening.moveAside(path)
            if let fresh = try? FileOpening.connection(path, configuration: configuration),
                let version = try? Self.dataVersion(of: fresh)
            {
                connection = fresh
                sharesFile = true
                dataVersion = version
            } else {
                location = .memory
                configuration.log(.openedInMemory(.corrupt))
            }
        }
        keys = RecordKeyTable()
        recordCount = 0
        // The store keeps its invalidation point: written into the new file with the next batch.
        pendingInvalidationPoint = invalidationPoint
        cache.removeAll()
        lastBatchRead = [:]
        rootRows = [:]
        lastPersistedRows = []
        decodedRoots = [:]
        statistics.cacheHolds(0)
    }

    // MARK: Reading

    func record(for dataID: DataID) -> Record? {
        do {
            // What is answered without reading the file (a cached record, or none when the count
            // is 0) is checked against another writer's commits first; a read from the file checks
            // inside its own read transaction, at no extra one.
            if sharesFile, recordCount == 0 || cache.contains(dataID) || lastBatchRead[dataID] != nil {
                try catchUp()
            }
            return try existingRecord(dataID, catchingUp: true)
        } catch {
            failed(error, reading: true)
            return nil
        }
    }

    /// The record from the cache, the batch's read or the file. `catchingUp` checks for another
    /// writer's commits inside the read, before the bytes are decoded with the key table.
    private func existingRecord(_ dataID: DataID, catchingUp: Bool = false) throws(SQLiteStoreError) -> Record? {
        if let entry = cache.entry(for: dataID) {
            if let record = entry.record { return record }
            if let bytes = entry.bytes {
                // Bytes a write left: decoded once, at the first read that needs them.
                let record = try decode(bytes, dataID)
                cache.keepDecoded(record)
                return record
            }
        }
        if let read = lastBatchRead[dataID] { return read }
        guard recordCount > 0 else { return nil }
        var record: Record?
        try connection.run("SELECT bytes FROM records WHERE id = ?", text: dataID.rawValue) {
            (row: SQLiteRow) throws(SQLiteStoreError) in
            // The statement holds the read transaction that found the row, so `data_version` is read
            // in it: the key table is that of the snapshot the bytes come from.
            if catchingUp { try catchUp() }
            record = try row.withBlob(0) { (bytes: UnsafeRawBufferPointer) throws(SQLiteStoreError) -> Record in
                try decode(bytes, dataID)
            }
        }
        if let record {
            statistics.recordRead()
            cache.insert(record)
            statistics.cacheHolds(cache.count)
        }
        return record
    }

    /// The record `dataID` whose bytes these are, decoded with the key table.
    private func decode(_ bytes: UnsafeRawBufferPointer, _ dataID: DataID) throws(SQLiteStoreError) -> Record {
        do throws(RecordEncodingError) {
            return try RecordEncoding.decode(bytes, dataID: dataID, keys: keys, maximumDepth: maximumDepth)
        } catch {
            throw SQLiteStoreError(.corrupt, "a record's bytes do not decode: \(error.code)")
        }
    }

    /// The record `dataID` whose bytes these are, from an array of bytes.
    private func decode(_ bytes: [UInt8], _ dataID: DataID) throws(SQLiteStoreError) -> Record {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(SQLiteStoreError) -> Record in try decode(buffer, dataID) }
        }
        return try result.get()
    }

    /// Each record, read as ``record(for:)`` reads one, after one check for another writer's
    /// commits rather than one a record.
    func records(for dataIDs: [DataID]) -> [Record?] {
        do {
            try catchUp()
        } catch {
            failed(error, reading: true)
        }
        let records = dataIDs.map { dataID -> Record? in
            do throws(SQLiteStoreError) {
                return try existingRecord(dataID, catchingUp: true)
            } catch {
                failed(error, reading: true)
                return nil
            }
        }
        lastBatchRead = Dictionary(zip(dataIDs, records), uniquingKeysWith: { first, _ in first })
        return records
    }

    // MARK: Writing

    /// Writes the batch in one transaction; on any failure rolls it back and throws, leaving the
    /// file, the cache, the key table and the count as they were. When the write finds the file
    /// damaged and the store reopens empty, the batch is written to the new file instead.
    func write(_ batch: RecordWriteBatch) throws(SQLiteStoreError) {
        defer { lastBatchRead = [:] }
        guard !batch.patches.isEmpty || !batch.removals.isEmpty || !batch.fieldRemovals.isEmpty else { return }
        try writing { () throws(SQLiteStoreError) in try writeOnce(batch) }
    }

    /// Writes a publish merged as bytes (decision 0220) in one transaction, as ``write(_:)`` writes a
    /// batch of patches.
    func write(_ batch: inout EncodedRecordBatch) throws(SQLiteStoreError) {
        defer { lastBatchRead = [:] }
        guard batch.count > 0 else { return }
        try writing { () throws(SQLiteStoreError) in try writeOnce(&batch) }
    }

    /// Runs `attempt`, a write of one transaction; when it finds the file damaged and the store
    /// reopens empty, runs it once more, into the new file.
    private func writing(_ attempt: () throws(SQLiteStoreError) -> Void) throws(SQLiteStoreError) {
        if let damage { throw damage }
        do {
            try attempt()
        } catch {
            failed(error, reading: false)
            guard Self.isDamage(error), damage == nil else { throw error }
            do {
                try attempt()
            } catch {
                failed(error, reading: false)
                throw error
            }
        }
    }

    private func writeOnce(_ batch: inout EncodedRecordBatch) throws(SQLiteStoreError) {
        var newKeys = keys
        var newCount = recordCount
        var written: [(dataID: DataID, bytes: [UInt8])] = []
        try transaction { () throws(SQLiteStoreError) in
            // Caught up under the write lock first, as for a batch of patches.
            try catchUp()
            newKeys = keys
            newCount = recordCount
            written.removeAll(keepingCapacity: true)
            // Only the last records a cache of its capacity would keep are copied for it.
            let firstKept = max(batch.count - cache.keptOfWrite, 0)
            written.reserveCapacity(batch.count - firstKept)
            batch.intern(into: &newKeys)
            for entry in 0..<batch.count {
                let dataID = batch.dataID(of: entry)
                let (stored, inFile) = try storedBytes(dataID, keys: &newKeys)
                if !inFile { newCount += 1 }
                try Self.withBytes(stored) { (stored: UnsafeRawBufferPointer?) throws(SQLiteStoreError) in
                    try batch.merge(entry, into: stored) { (merged: UnsafeRawBufferPointer) throws(SQLiteStoreError) in
                        try connection.run(
                            inFile
                                ? "UPDATE records SET bytes = ?2 WHERE id = ?1"
                                : "INSERT OR REPLACE INTO records (id, bytes) VALUES (?1, ?2)",
                            text: dataID.rawValue, blob: merged)
                        if entry >= firstKept { written.append((dataID, Array(merged))) }
                    }
                }
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
        // Kept as the bytes written: a read decodes one when it needs it, a later merge needs none.
        cache.reserve(written.count)
        for record in written { cache.insert(RecordCache.Entry(bytes: record.bytes), for: record.dataID) }
        statistics.cacheHolds(cache.count)
    }

    /// The bytes the file holds for `dataID`, for a merge, and whether it holds a row for it: from
    /// the cache (encoded again with `keys` when it holds the record only decoded), else read from
    /// the file and checked to decode. Bytes that do not decode are logged and the record is
    /// written anew, as a batch of patches writes it.
    private func storedBytes(
        _ dataID: DataID, keys: inout RecordKeyTable
    ) throws(SQLiteStoreError) -> (bytes: [UInt8]?, inFile: Bool) {
        if let entry = cache.entry(for: dataID) {
            if let bytes = entry.bytes { return (bytes, true) }
            if let record = entry.record { return (RecordEncoding.encode(record, keys: &keys), true) }
        }
        guard recordCount > 0 else { return (nil, false) }
        var bytes: [UInt8]?
        var inFile = false
        try connection.run("SELECT bytes FROM records WHERE id = ?", text: dataID.rawValue) {
            (row: SQLiteRow) throws(SQLiteStoreError) in
            inFile = true
            bytes = try row.withBlob(0) { (blob: UnsafeRawBufferPointer) in Array(blob) }
        }
        if let read = bytes {
            do {
                _ = try decode(read, dataID)
                statistics.recordRead()
            } catch {
                configuration.log(.readFailed(error.code))
                bytes = nil
            }
        }
        return (bytes, inFile)
    }

    /// Calls `body` with `bytes` in place, or with `nil`.
    private static func withBytes(
        _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) throws(SQLiteStoreError) -> Void
    ) throws(SQLiteStoreError) {
        guard let bytes else { return try body(nil) }
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(SQLiteStoreError) in try body(buffer) }
        }
        try result.get()
    }

    private func writeOnce(_ batch: RecordWriteBatch) throws(SQLiteStoreError) {
        var newKeys = keys
        var newCount = recordCount
        var written: [(record: Record, bytes: [UInt8])] = []
        written.reserveCapacity(batch.patches.count)
        try transaction { () throws(SQLiteStoreError) in
            // Under the write lock, what another writer committed is caught up with before any key
            // is given a position or the count is changed: two stores never give one position to
            // two keys, and each merges into the record as the file holds it now.
            try catchUp()
            newKeys = keys
            newCount = recordCount
            let order = batch.order.count == batch.patches.count ? batch.order : Array(batch.patches.keys)
            for dataID in order {
                guard let patch = batch.patches[dataID] else { continue }
                let existing: Record?
                do throws(SQLiteStoreError) {
                    existing = try existingRecord(dataID)
                } catch {
                    guard !Self.isDamage(error) else { throw error }
                    // Bytes that do not decode: the record is written anew.
                    configuration.log(.readFailed(error.code))
                    existing = nil
                }
                var merged: Record
                if let existing {
                    merged = existing
                } else {
                    merged = Record(dataID: dataID, typename: nil)
                    newCount += 1
                }
                Record.merge(patch, writtenAt: batch.writtenAt, into: &merged)
                let bytes = RecordEncoding.encode(merged, keys: &newKeys)
                try replace(dataID, with: bytes)
                written.append((merged, bytes))
            }
            for (dataID, removedKeys) in batch.fieldRemovals {
                guard var record = try existingRecord(dataID) else { continue }
                for key in removedKeys { record.fields.removeValue(forKey: key) }
                let bytes = RecordEncoding.encode(record, keys: &newKeys)
                try replace(dataID, with: bytes)
                written.removeAll { $0.record.dataID == dataID }
                written.append((record, bytes))
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
        for (record, bytes) in written {
            cache.insert(RecordCache.Entry(bytes: bytes, record: record), for: record.dataID)
        }
        for dataID in batch.removals { cache.remove(dataID) }
        statistics.cacheHolds(cache.count)
    }

    /// Writes `bytes` as the record `dataID`'s, replacing any.
    private func replace(_ dataID: DataID, with bytes: [UInt8]) throws(SQLiteStoreError) {
        try Self.withBytes(bytes) { (buffer: UnsafeRawBufferPointer?) throws(SQLiteStoreError) in
            try connection.run(
                "INSERT OR REPLACE INTO records (id, bytes) VALUES (?1, ?2)", text: dataID.rawValue,
                blob: buffer ?? UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// The IDs of the records of type `typename`: every record's bytes are decoded, since the type
    /// is kept only inside them (an eviction by type is rare; a column would cost every write). A
    /// record that does not decode is not listed; a file that cannot be read lists none.
    func dataIDs(ofType typename: String) -> [DataID] {
        guard damage == nil else { return [] }
        var found: [DataID] = []
        do {
            try catchUp()
            let keys = self.keys
            let maximumDepth = self.maximumDepth
            try connection.run("SELECT id, bytes FROM records") { (row: SQLiteRow) throws(SQLiteStoreError) in
                guard let text = row[0].text else { return }
                let dataID = DataID(text)
                let record = try row.withBlob(1) { (bytes: UnsafeRawBufferPointer) -> Record? in
                    try? RecordEncoding.decode(bytes, dataID: dataID, keys: keys, maximumDepth: maximumDepth)
                }
                if record?.typename == typename { found.append(dataID) }
            }
        } catch {
            failed(error, reading: true)
            return []
        }
        return found
    }

    /// Removes every record not in `kept`, in one transaction; on failure removes nothing.
    func removeAll(notIn kept: Set<DataID>) -> Int {
        guard damage == nil else { return 0 }
        var removed: [DataID] = []
        var gone = 0
        do {
            try catchUp()
            try connection.run("SELECT id FROM records") { (row: SQLiteRow) throws(SQLiteStoreError) in
                guard let text = row[0].text else { return }
                let dataID = DataID(text)
                if !kept.contains(dataID) { removed.append(dataID) }
            }
            guard !removed.isEmpty else { return 0 }
            try transaction { () throws(SQLiteStoreError) in
                // Another writer may have removed some of them since the list was made.
                try catchUp()
                gone = 0
                for dataID in removed {
                    try connection.run("DELETE FROM records WHERE id = ?", [.text(dataID.rawValue)])
                    gone += connection.changes
                }
                try writeMeta(recordCount: recordCount - gone)
            }
        } catch {
            failed(error, reading: false)
            return 0
        }
        recordCount -= gone
        for dataID in removed { cache.remove(dataID) }
        statistics.cacheHolds(cache.count)
        return gone
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
            throw error
        }
    }

    // MARK: Invalidation

    func keepInvalidationPoint(_ point: WallInstant) {
        invalidationPoint = point
        guard damage == nil else { return }
        do {
            try connection.run(
                "INSERT OR REPLACE INTO meta (name, value) VALUES ('invalidationPoint', ?)",
                [.integer(point.nanosecondsSince1970)])
            pendingInvalidationPoint = nil
        } catch {
            // Written with the next batch instead, which cannot commit without it.
            failed(error, reading: false)
            pendingInvalidationPoint = point
        }
    }

    // MARK: Server max-ages

    /// The server `maxAge`s kept in the meta table (`maxAge:<root>` rows), read when asked: a store
    /// asks once, when it opens the file. A file that cannot be read has none.
    var serverMaxAges: [String: Int] {
        guard damage == nil else { return [:] }
        var ages: [String: Int] = [:]
        do {
            try connection.run("SELECT name, value FROM meta WHERE name LIKE 'maxAge:%'") {
                (row: SQLiteRow) throws(SQLiteStoreError) in
                guard let name = row[0].text, let seconds = row[1].integer else { return }
                ages[String(name.dropFirst("maxAge:".count))] = Int(seconds)
            }
        } catch {
            failed(error, reading: true)
            return [:]
        }
        return ages
    }

    /// Keeps a root's server `maxAge` in the meta table, or removes it. A failure is logged and
    /// lost: the root then keeps its own expiration.
    func keepServerMaxAge(_ seconds: Int?, forRoot key: String) {
        guard damage == nil else { return }
        do {
            if let seconds {
                try connection.run(
                    "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)",
                    [.text("maxAge:" + key), .integer(Int64(seconds))])
            } else {
                try connection.run("DELETE FROM meta WHERE name = ?", [.text("maxAge:" + key)])
            }
        } catch {
            failed(error, reading: false)
        }
    }

    // MARK: Roots

    func noteRead(of root: StoreRoot, at instant: WallInstant) {
        guard root.dataID != .mutationRoot, root.dataID != .subscriptionRoot, damage == nil else { return }
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
            failed(error, reading: false)
        }
    }

    func persistedRoots(at instant: WallInstant) -> PersistedRoots {
        var forgotten = 0
        var roots: [StoreRoot] = []
        var rows: [Int64] = []
        guard damage == nil else {
            lastPersistedRows = []
            return PersistedRoots(roots: [], recordLimit: configuration.retention.maximumRecords)
        }
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
            failed(error, reading: true)
        }
        if forgotten > 0 { configuration.log(.rootsForgotten(forgotten)) }
        lastPersistedRows = rows
        return PersistedRoots(roots: roots, recordLimit: configuration.retention.maximumRecords)
    }

    func keepFirstPersistedRoots(_ count: Int) {
        let dropped = lastPersistedRows.dropFirst(count)
        guard !dropped.isEmpty, damage == nil else { return }
        do {
            try transaction { () throws(SQLiteStoreError) in
                for row in dropped { try connection.run("DELETE FROM roots WHERE id = ?", [.integer(row)]) }
            }
        } catch {
            failed(error, reading: false)
            return
        }
        for row in dropped {
            if let root = decodedRoots.removeValue(forKey: row) { rootRows.removeValue(forKey: root) }
        }
        configuration.log(.rootsForgotten(dropped.count))
    }
}
