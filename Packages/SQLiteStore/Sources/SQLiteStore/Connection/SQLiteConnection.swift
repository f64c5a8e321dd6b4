import CSQLite

/// One open SQLite database: statements prepared once and kept, errors mapped to
/// ``SQLiteStoreError``.
///
/// Not thread-safe and not `Sendable`: the store calls its record source only under its lock, so one
/// thread at a time uses a connection (SQLite is opened without its own mutexes for that reason).
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (or creates) the database at `path`; `":memory:"` for one in memory.
    init(path: String, readOnly: Bool = false) throws(SQLiteStoreError) {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw Self.error(result, message, opening: true)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs statements without results (schema, pragmas, transaction control).
    func execute(_ sql: String) throws(SQLiteStoreError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw failure(result) }
    }

    /// Runs one statement with `bindings`, calling `row` for each row it returns.
    func run(
        _ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteRow) throws(SQLiteStoreError) -> Void = { _ in }
    ) throws(SQLiteStoreError) {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() { try bind(value, at: Int32(index + 1), in: statement) }
        try step(statement, row: row)
    }

    /// Runs one statement whose parameters are `text` (the first) and `blob` (the second, when
    /// given), calling `row` for each row it returns: a record's ID and bytes, bound in place, since
    /// SQLite reads bound values only while the statement steps, and unbound before this returns.
    func run(
        _ sql: String, text: String, blob: UnsafeRawBufferPointer? = nil,
        row: (SQLiteRow) throws(SQLiteStoreError) -> Void = { _ in }
    ) throws(SQLiteStoreError) {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        var text = text
        let result = text.withUTF8 { utf8 in
            Result { () throws(SQLiteStoreError) in
                defer { sqlite3_clear_bindings(statement) }
                // Bound where the string keeps its bytes; an empty one (no pointer, which would bind
                // NULL) is copied.
                let textResult =
                    if let base = utf8.baseAddress {
                        sqlite3_bind_text(
                            statement, 1, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(utf8.count),
                            nil)
                    } else {
                        sqlite3_bind_text(statement, 1, "", 0, transient)
                    }
                guard textResult == SQLITE_OK else { throw failure(textResult) }
                if let blob {
                    let blobResult = sqlite3_bind_blob(
                        statement, 2, blob.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(blob.count), nil)
                    guard blobResult == SQLITE_OK else { throw failure(blobResult) }
                }
                try step(statement, row: row)
            }
        }
        try result.get()
    }

    /// Steps `statement` to its end, calling `row` for each row.
    private func step(
        _ statement: OpaquePointer, row: (SQLiteRow) throws(SQLiteStoreError) -> Void
    ) throws(SQLiteStoreError) {
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return }
            guard result == SQLITE_ROW else { throw failure(result) }
            try row(SQLiteRow(statement: statement))
        }
    }

    /// The first column of the first row `sql` returns, or `nil` when it returns none.
    func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteStoreError) -> SQLiteValue? {
        var value: SQLiteValue?
        try run(sql, bindings) { (row: SQLiteRow) throws(SQLiteStoreError) in if value == nil { value = row[0] } }
        return value
    }

    /// How many rows the last insert, update or delete changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether SQLite opened the file read-only: it does so without an error when the file cannot be
    /// written, and only the writes fail.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether a transaction is open (SQLite rolls one back by itself after some failures).
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    private func prepared(_ sql: String) throws(SQLiteStoreError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else { throw failure(result) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws(SQLiteStoreError) {
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(statement, index)
        case .integer(let integer): result = sqlite3_bind_int64(statement, index, integer)
        case .real(let real): result = sqlite3_bind_double(statement, index, real)
        case .text(let text): result = sqlite3_bind_text(statement, index, text, -1, transient)
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { buffer in
                // A zero-length blob still needs a non-null pointer, or SQLite stores NULL.
                sqlite3_bind_blob(
                    statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                    transient)
            }
        }
        guard result == SQLITE_OK else { throw failure(result) }
    }

    private func failure(_ result: Int32) -> SQLiteStoreError {
        Self.error(result, String(cString: sqlite3_errmsg(handle)), opening: false)
    }

    /// The typed error for SQLite's result code.
    static func error(_ result: Int32, _ message: String, opening: Bool) -> SQLiteStoreError {
        let code: SQLiteStoreError.Code
        switch result & 0xff {
        case SQLITE_FULL: code = .full
        case SQLITE_READONLY: code = .readOnly
        case SQLITE_CORRUPT, SQLITE_NOTADB: code = .corrupt
        case SQLITE_BUSY, SQLITE_LOCKED: code = .busy
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: code = opening ? .cannotOpen : .readOnly
        default: code = .sqlite
        }
        return SQLiteStoreError(code, "SQLite \(result): \(message)", resultCode: result)
    }
}

/// SQLite's "copy the bytes now" destructor, so bound values need not outlive the call.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to or read from a statement.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var blob: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

/// The current row of a statement, valid only inside the row callback.
struct SQLiteRow {
    let statement: OpaquePointer

    subscript(column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}

extension SQLiteRow {
    /// Calls `body` with the bytes of a blob column in place, without copying them out.
    func withBlob<Result>(
        _ column: Int32, _ body: (UnsafeRawBufferPointer) throws(SQLiteStoreError) -> Result
    ) throws(SQLiteStoreError) -> Result {
        let count = Int(sqlite3_column_bytes(statement, column))
        let bytes = sqlite3_column_blob(statement, column)
        return try body(UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: count))
    }
}
