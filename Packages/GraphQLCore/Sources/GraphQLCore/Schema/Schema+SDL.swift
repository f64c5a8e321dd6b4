extension Schema {
    /// Parses `sdl` and builds a schema from it: see ``init(document:)``. The text is parsed with the
    /// default depth limit and no token limit (schemas are trusted, and large public ones pass
    /// ``ParseOptions/defaultMaxTokens``).
    ///
    /// Throws a ``GraphQLCoreError/Code/syntax`` error when the text is not GraphQL, and
    /// ``GraphQLCoreError/Code/invalidSchema`` when it does not describe a valid schema.
    public convenience init(sdl: String) throws(GraphQLCoreError) {
        try self.init(document: Document(parsing: sdl, options: ParseOptions(maxTokens: nil)))
    }
}
