import Foundation

/// Opens a store's file: judges its header, creates, migrates or resets it, and falls back as the
/// configuration says when the file cannot be used.
enum FileOpening {
    /// The storage over the file at `path` (or in memory), as ``SQLiteStoreConfiguration/unusableFile``
    /// says for a file that cannot be used.
    static func open(
        path: String, configuration: SQLiteStoreConfiguration, maximumDepth: Int
    ) throws(SQLiteStoreError) -> SQLiteRecordStorage {
        do {
            return try openFile(path, configuration: configuration, maximumDepth: maximumDepth)
        } catch {
            // A foreign database is never deleted: it is not the store's to replace.
            guard configuration.unusableFile == .reopenEmpty, error.code != .notAStore else { throw error }
            if error.code == .corrupt || error.code == .incompatibleFormat {
                configuration.log(.reopenedEmpty(error.code))
                moveAside(path)
                if let storage = try? openFile(path, configuration: configuration, maximumDepth: maximumDepth) {
                    return storage
                }
            }
            configuration.log(.openedInMemory(error.code))
            return try openFile(":memory:", configuration: configuration, maximumDepth: maximumDepth)
        }
    }

    private static func openFile(
        _ path: String, configuration: SQLiteStoreConfiguration, maximumDepth: Int
    ) throws(SQLiteStoreError) -> SQLiteRecordStorage {
        let location: SQLiteRecordSource.Location = path == ":memory:" ? .memory : .file(path)
        return try SQLiteRecordStorage(
            connection: connection(path, configuration: configuration), location: location,
            configuration: configuration, maximumDepth: maximumDepth)
    }

    /// A connection to the store's file at `path` (`":memory:"` for one in memory), judged, created,
    /// migrated or reset, and in WAL mode: what the storage then reads its tables from.
    static func connection(
        _ path: String, configuration: SQLiteStoreConfiguration
    ) throws(SQLiteStoreError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA busy_timeout = 2000")
        let applicationID = try connection.scalar("PRAGMA application_id")?.integer ?? 0
        let version = try connection.scalar("PRAGMA user_version")?.integer ?? 0
        let tables = try connection.scalar("SELECT count(*) FROM sqlite_master")?.integer ?? 0
        let isEmpty = applicationID == 0 && version == 0 && tables == 0
        // Judged before anything is written, WAL mode included: a database that is not ours is left
        // byte for byte as it was (reading it changes nothing in a rollback-journal file).
        if !isEmpty, applicationID != FileFormat.applicationID {
            throw SQLiteStoreError(.notAStore, "the file is a SQLite database of another application")
        }
        // A file this process may not write opens without an error, and every write would fail.
        if connection.isReadOnly {
            throw SQLiteStoreError(.readOnly, "the file cannot be written (its permissions, or a read-only volume)")
        }
        // WAL before any transaction: one writer, readers never blocked, and a crash leaves the last
        // committed transaction whole. NORMAL synchronization: a process crash loses nothing that
        // committed; a power loss can lose the last commits but never corrupts the file.
        let mode = try connection.scalar("PRAGMA journal_mode = WAL")?.text ?? ""
        guard mode == "wal" || path == ":memory:" else {
            throw SQLiteStoreError(.readOnly, "the file cannot be put in WAL mode (\(mode))")
        }
        try connection.execute("PRAGMA synchronous = NORMAL")
        if isEmpty {
            try create(connection)
        } else if version > FileFormat.version {
            throw SQLiteStoreError(
                .incompatibleFormat, "the file's format \(version) is newer than this library's \(FileFormat.version)")
        } else if version < FileFormat.oldestMigratable {
            try reset(connection)
            configuration.log(.resetOlderFormat(version))
        } else if version < FileFormat.version {
            try migrate(connection, from: version)
            configuration.log(.migrated(from: version, to: FileFormat.version))
        }
        if let maximumFileBytes = configuration.maximumFileBytes {
            let pageSize = try connection.scalar("PRAGMA page_size")?.integer ?? 4096
            try connection.execute("PRAGMA max_page_count = \(max(Int64(maximumFileBytes) / pageSize, 1))")
        }
        return connection
    }

    private static func create(_ connection: SQLiteConnection) throws(SQLiteStoreError) {
        try inTransaction(connection) { () throws(SQLiteStoreError) in
            try connection.execute(FileFormat.schema)
            try stamp(connection)
        }
    }

    private static func reset(_ connection: SQLiteConnection) throws(SQLiteStoreError) {
        var tables: [String] = []
        try connection.run("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
            (row: SQLiteRow) throws(SQLiteStoreError) in
            if let name = row[0].text { tables.append(name) }
        }
        try inTransaction(connection) { () throws(SQLiteStoreError) in
            for table in tables { try connection.execute("DROP TABLE \"\(table)\"") }
            try connection.execute(FileFormat.schema)
            try stamp(connection)
        }
    }

    private static func migrate(_ connection: SQLiteConnection, from version: Int64) throws(SQLiteStoreError) {
        try inTransaction(connection) { () throws(SQLiteStoreError) in
            for step in version..<FileFormat.version {
                guard let sql = FileFormat.steps[step] else {
                    throw SQLiteStoreError(.incompatibleFormat, "no step from format \(step)")
                }
                try connection.execute(sql)
            }
            try stamp(connection)
        }
    }

    private static func stamp(_ connection: SQLiteConnection) throws(SQLiteStoreError) {
        try connection.execute("PRAGMA application_id = \(FileFormat.applicationID)")
        try connection.execute("PRAGMA user_version = \(FileFormat.version)")
    }

    private static func inTransaction(
        _ connection: SQLiteConnection, _ body: () throws(SQLiteStoreError) -> Void
    ) throws(SQLiteStoreError) {
        do {
            try connection.execute("BEGIN IMMEDIATE")
            try body()
            try connection.execute("COMMIT")
        } catch {
            if connection.inTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Where a file reopened empty is moved: the store's path with this suffix, its WAL beside it.
    static let asideSuffix = ".unusable"

    /// Moves the file and its WAL aside (`<path>.unusable`, `<path>.unusable-wal`), replacing the one
    /// moved aside before, so that the last unusable file can still be rescued; the shared-memory
    /// file holds nothing of the data, and is removed.
    ///
    /// Only the last one is kept: a store is a cache, and a file that keeps failing must not fill the
    /// disk with copies of itself.
    static func moveAside(_ path: String) {
        let aside = path + asideSuffix
        removeFiles(at: aside)
        for suffix in ["", "-wal"] { try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix) }
        try? FileManager.default.removeItem(atPath: path + "-shm")
    }

    /// Removes the file and its WAL and shared-memory files.
    static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
