/// An error from opening or writing a SQLite store: a typed code, a message for a developer, and
/// SQLite's own result code when it gave one.
///
/// Messages never hold a record's value: they name the file's state and SQLite's reason.
public struct SQLiteStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The file cannot be opened or created (a missing or unwritable directory, permissions).
        public static let cannotOpen = Code("cannotOpen")
        /// The file or its directory is read-only, so nothing can be written.
        public static let readOnly = Code("readOnly")
        /// The file is not a SQLite database, or a page of it is damaged.
        public static let corrupt = Code("corrupt")
        /// The file is a SQLite database but not one this library wrote (another application's file).
        public static let notAStore = Code("notAStore")
        /// The file was written by a newer library, in a format this one cannot read.
        public static let incompatibleFormat = Code("incompatibleFormat")
        /// The disk (or the file's page limit) is full: the write was rolled back.
        public static let full = Code("full")
        /// Another connection holds the file's write lock longer than the store waits.
        public static let busy = Code("busy")
        /// Any other failure SQLite reports.
        public static let sqlite = Code("sqlite")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, for a developer.
    public var message: String
    /// SQLite's extended result code, when SQLite reported the failure.
    public var resultCode: Int32?

    /// An error with a code and a message.
    public init(_ code: Code, _ message: String, resultCode: Int32? = nil) {
        self.code = code
        self.message = message
        self.resultCode = resultCode
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
