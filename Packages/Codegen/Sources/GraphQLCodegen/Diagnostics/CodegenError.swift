/// Why the generator produced nothing: every problem it found, each with its place.
///
/// A struct with an extensible ``Code``, as the other layers' errors are, so that a new kind of
/// failure does not break a caller's `switch`.
public struct CodegenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The schema's SDL does not parse or does not describe a valid schema.
        public static let invalidSchema = Code("invalidSchema")
        /// A document does not parse or does not validate against the schema.
        public static let invalidDocument = Code("invalidDocument")
        /// A custom scalar that a document uses has no Swift type in the configuration.
        public static let unmappedScalar = Code("unmappedScalar")
        /// A name in the schema or a document would give Swift code that does not compile, or two
        /// generated declarations the same name.
        public static let nameCollision = Code("nameCollision")
        /// The configuration or an input file cannot be read, or the output cannot be written.
        public static let io = Code("io")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of the first problem found.
    public var code: Code
    /// Every problem, in the order found (files in the order given, places in order within a file).
    public var diagnostics: [CodegenDiagnostic]

    /// An error with a code and its diagnostics.
    public init(_ code: Code, _ diagnostics: [CodegenDiagnostic]) {
        self.code = code
        self.diagnostics = diagnostics
    }

    /// A summary line.
    public var message: String {
        diagnostics.count == 1
            ? diagnostics[0].message : "\(diagnostics.count) problems; the first: \(diagnostics[0].message)"
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
