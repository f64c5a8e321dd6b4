/// Limits that keep parsing a hostile document bounded in time, memory and stack.
public struct ParseOptions: Sendable, Hashable {
    /// How deeply selection sets, list and object values and list types may nest, counted together
    /// along one path. Deeper input fails with ``GraphQLCoreError/Code/nestingTooDeep`` instead of
    /// exhausting the stack.
    public var maxDepth: Int
    /// The most tokens (comments not counted) a document may have, or `nil` for no limit. More fail
    /// with a ``GraphQLCoreError/Code/syntax`` error.
    public var maxTokens: Int?

    /// Options with the given limits: a depth of 256 and no token limit by default.
    public init(maxDepth: Int = 256, maxTokens: Int? = nil) {
        self.maxDepth = maxDepth
        self.maxTokens = maxTokens
    }
}
