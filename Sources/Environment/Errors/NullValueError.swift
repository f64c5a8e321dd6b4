import GraphQLCore

/// A `null` where the type a screen decodes into has no optional, and no `@catch` above it took it:
/// most often a `@semanticNonNull` field the server failed, whose field error the store kept.
///
/// The typed phase (``TypedHandle/Phase/failed(_:)``) and the typed `commit` fail with it. It names
/// the path, never a value, and carries the field error when the `null` came from one: the server's
/// message is in ``fieldError`` (which may hold user data: never log it), not in ``message``.
public struct NullValueError: Error, Sendable, CustomStringConvertible {
    /// Where the `null` came from.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The server failed the field (or one below it that made it `null`): ``fieldError`` holds
        /// that error. A `@catch` on the field or above it turns this into a value of the screen's.
        public static let fieldError = Code("fieldError")
        /// A `null` with no field error at or under it: the data breaks the type it is decoded into
        /// (a hand-written type stricter than its document, or a server that broke its schema).
        public static let nullWithoutError = Code("nullWithoutError")

        /// The code's name.
        public var description: String { name }
    }

    /// Where the `null` came from.
    public var code: Code
    /// The operation's name, when it has one.
    public var operationName: String?
    /// Where the `null` is, in the decoded data (the reading document's response keys).
    public var path: [ResponsePathSegment]
    /// The field error that made the `null`, for ``Code/fieldError``.
    public var fieldError: FieldError?
    /// What failed and where, for a developer; never holds a value or the server's message.
    public var message: String

    /// An error from its parts.
    public init(
        _ code: Code, operationName: String?, path: [ResponsePathSegment], fieldError: FieldError? = nil,
        message: String
    ) {
        self.code = code
        self.operationName = operationName
        self.path = path
        self.fieldError = fieldError
        self.message = message
    }

    /// `null value (code) in Name: message`.
    public var description: String {
        "null value (\(code)) in \(operationName ?? "an unnamed operation"): \(message)"
    }
}
