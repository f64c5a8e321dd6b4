extension Schema {
    /// Parses `sdl` and builds a schema from it: see ``init(document:)``.
    ///
    /// Throws a ``GraphQLCoreError/Code/syntax`` error when the text is not GraphQL, and
    /// ``GraphQLCoreError/Code/invalidSchema`` when it does not describe a valid schema.
    public convenience init(sdl: String) throws(GraphQLCoreError) {
        try self.init(document: Document(parsing: sdl))
    }
}
