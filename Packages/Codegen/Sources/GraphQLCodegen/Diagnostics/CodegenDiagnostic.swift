/// One problem found in the generator's input, located in the file it is in, printed the way
/// compilers print errors (`file:line:column: error: message`) so that Xcode, SwiftPM and editors
/// point at it.
public struct CodegenDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the generator was given its path.
    public var file: String
    /// The line, from 1; `nil` when the problem has no place in the file (an invalid schema as a whole).
    public var line: Int?
    /// The column, from 1, counted in Unicode scalars as GraphQL counts them.
    public var column: Int?
    /// What is wrong, for a developer.
    public var message: String

    /// A diagnostic in `file`, at `line` and `column` when they are known.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, or `file: error: message` without a place.
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
