/// Limits that keep parsing a hostile document bounded in time, memory and stack.
public struct ParseOptions: Sendable, Hashable {
    /// How deeply selection sets, list and object values and list types may nest, counted together
    /// along one path. Deeper input fails with ``GraphQLCoreError/Code/nestingTooDeep`` instead of
    /// exhausting the stack.
    ///
    /// The default, 64, is set so that validating and compiling a document at the limit, and
    /// comparing or hashing its syntax tree (all of which recurse along the nesting), fit in the
    /// 512 KB stack of a secondary thread even in a debug build, with room left for the caller;
    /// app queries rarely nest beyond 20 levels (decision record 0091).
    public var maxDepth: Int
    /// The most tokens (comments not counted) a document may have, or `nil` for no limit. More fail
    /// with a ``GraphQLCoreError/Code/syntax`` error.
    public var maxTokens: Int?

    /// Options with the given limits: a depth of 64 and no token limit by default.
    public init(maxDepth: Int = 64, maxTokens: Int? = nil) {
        self.maxDepth = maxDepth
        self.maxTokens = maxTokens
    }
}
