/// The layout of a store's file, its version, and the steps that bring an older file up to date.
///
/// The version is SQLite's `user_version` in the file's header, so a file is judged before any of
/// its tables is read; `application_id` marks the file as a store's, so a foreign database is never
/// mistaken for one (or deleted as a bad one). The version covers the tables and the record bytes
/// (`RecordEncoding`, whose own version is each blob's first byte): a change to either
/// takes the next number and a step from the one before (decision 0152).
enum FileFormat {
    /// The version this library writes.
    static let version: Int64 = 3
    /// The oldest version a step leads on from; older files are reset.
    static let oldestMigratable: Int64 = 1
    /// `GQLS` as a big-endian 32-bit integer, in the header's `application_id`.
    static let applicationID: Int64 = 0x4751_4C53

    /// The tables of the current version.
    static let schema = """
        CREATE TABLE meta (name TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;
        CREATE TABLE keys (position INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
        CREATE TABLE records (id TEXT PRIMARY KEY NOT NULL, bytes BLOB NOT NULL) WITHOUT ROWID;
        CREATE TABLE roots (id INTEGER PRIMARY KEY, root BLOB NOT NULL UNIQUE, lastRead INTEGER NOT NULL);
        \(pendingTable)
        INSERT INTO meta (name, value) VALUES ('recordCount', 0);
        """

    /// The queued mutations (format 3): each row is one mutation that did not reach its server and
    /// the optimistic response its layer shows, written in one transaction (decision 0206).
    static let pendingTable = """
        CREATE TABLE pending (
            id TEXT PRIMARY KEY NOT NULL, scope TEXT NOT NULL, sequence INTEGER NOT NULL,
            queuedAt INTEGER NOT NULL, payload BLOB NOT NULL) WITHOUT ROWID;
        """

    /// The step from each older version to the next, run in one transaction with the version's bump.
    ///
    /// Version 1 kept records, keys and the invalidation point, without the roots screens read or a
    /// stored count of records: the step adds the roots table (empty: a collection in the migrated
    /// launch keeps what the app retains, and the roots it reads from then on) and counts the
    /// records once, so later launches open without counting.
    ///
    /// Version 3 adds the table of queued mutations (decision 0206), and lets record bytes hold field
    /// errors (`RecordEncoding`'s tag 0x0B), which a library of version 2 would refuse as damage: a
    /// version-2 file's tables and bytes are version-3 data as they are, so the step only adds the
    /// empty table, and a version-2 library refuses a version-3 file as newer rather than as damaged
    /// (decision 0201).
    static let steps: [Int64: String] = [
        1: """
        CREATE TABLE roots (id INTEGER PRIMARY KEY, root BLOB NOT NULL UNIQUE, lastRead INTEGER NOT NULL);
        INSERT OR REPLACE INTO meta (name, value) VALUES ('recordCount', (SELECT count(*) FROM records));
        """,
        2: pendingTable,
    ]
}
