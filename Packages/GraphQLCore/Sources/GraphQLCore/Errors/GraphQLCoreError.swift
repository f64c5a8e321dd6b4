/// An error from reading, validating or compiling a GraphQL document, or coercing its variables.
///
/// One struct with an extensible ``Code`` rather than an enum, so that a new kind of failure does not
/// break a caller's `switch` (the shape swift-nio's `FileSystemError` uses). The message is written
/// for a developer; the code is for code.
public struct GraphQLCoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The text is not a GraphQL document: an unexpected character or token.
        public static let syntax = Code("syntax")
        /// Selections, values or types nest deeper than the parser allows.
        public static let nestingTooDeep = Code("nestingTooDeep")
        /// The document breaks a rule of the spec's Validation section; ``GraphQLCoreError/rule`` names it.
        public static let validation = Code("validation")
        /// The schema's SDL does not describe a valid schema.
        public static let invalidSchema = Code("invalidSchema")
        /// A variable's value does not fit its declared type, or a required one is missing.
        public static let invalidVariable = Code("invalidVariable")
        /// The document has no operation of the requested name, or several and none was named.
        public static let unknownOperation = Code("unknownOperation")
        /// JSON text that cannot be read.
        public static let invalidJSON = Code("invalidJSON")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, for a developer.
    public var message: String
    /// Where in the document it went wrong (several places for a conflict between two fields).
    public var locations: [SourceLocation]
    /// For ``Code/validation``: the name of the spec rule that failed, as graphql-core names it
    /// (for example `FieldsOnCorrectTypeRule`).
    public var rule: String?
    /// For ``Code/invalidVariable``: the path inside the variable's value, for example
    /// `["input", "tags", "2"]`.
    public var path: [String]

    /// An error with a code, a message and optional locations, rule and path.
    public init(
        _ code: Code, _ message: String, locations: [SourceLocation] = [], rule: String? = nil, path: [String] = []
    ) {
        self.code = code
        self.message = message
        self.locations = locations
        self.rule = rule
        self.path = path
    }

    /// `code at line:column: message`.
    public var description: String {
        let place = locations.isEmpty ? "" : " at " + locations.map(\.description).joined(separator: ", ")
        return "\(code)\(place): \(message)"
    }
}
