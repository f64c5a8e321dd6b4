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
    /// with a ``GraphQLCoreError/Code/syntax`` error, "Document contains more than N tokens. Parsing
    /// aborted." (graphql-js's `maxTokens` message), at the first token past the limit.
    ///
    /// The default, ``defaultMaxTokens`` (100,000 tokens, about half a megabyte of GraphQL), bounds
    /// the time and memory validation may spend on text from anywhere: some rules cost more than
    /// linear time on documents built to defeat them. Real operations, fragments included, stay in
    /// the low thousands. ``Schema/init(sdl:)`` parses a schema without a token limit, since large
    /// public schemas pass it; pass `nil` here to parse other large trusted documents.
    public var maxTokens: Int?

    /// The token limit of ``init(maxDepth:maxTokens:)`` when none is given.
    public static let defaultMaxTokens = 100_000

    /// Options with the given limits: a depth of 64 and 100,000 tokens by default.
    public init(maxDepth: Int = 64, maxTokens: Int? = defaultMaxTokens) {
        self.maxDepth = maxDepth
        self.maxTokens = maxTokens
    }
}
