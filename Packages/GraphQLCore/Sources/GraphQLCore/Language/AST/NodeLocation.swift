/// Where a syntax node starts in its source text.
///
/// Locations are not part of a node's value: two nodes that differ only in where they were written
/// are equal and hash alike. That is what makes `parse(print(document)) == document` a meaningful test
/// and lets a compiled document be cached by its content.
public struct NodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The first character of the node.
    public var start: SourceLocation

    /// A location starting at `start`.
    public init(_ start: SourceLocation) { self.start = start }

    /// A placeholder for nodes built in code rather than parsed.
    public static let unknown = NodeLocation(SourceLocation(line: 0, column: 0))

    /// This location, or `fallback` when this one is ``unknown`` (a node built in code may lack the
    /// finer locations the parser records).
    func or(_ fallback: NodeLocation) -> NodeLocation { start.line > 0 ? self : fallback }

    /// Always `true`: see the type's documentation.
    public static func == (lhs: NodeLocation, rhs: NodeLocation) -> Bool { true }

    /// Hashes nothing, to agree with `==`.
    public func hash(into hasher: inout Hasher) {}

    /// `line:column`.
    public var description: String { start.description }
}
