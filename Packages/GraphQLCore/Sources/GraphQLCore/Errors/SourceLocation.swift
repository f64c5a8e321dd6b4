/// A place in a document's text, 1-based, counted as the GraphQL spec counts: lines end at
/// `\n`, `\r\n` or `\r`, and columns count Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// A location at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
