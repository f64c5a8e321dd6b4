extension Document {
    /// Parses a GraphQL document: executable definitions, type-system definitions and extensions.
    ///
    /// Throws a ``GraphQLCoreError/Code/syntax`` error with graphql-core's message and the line and
    /// column of the offending character, or ``GraphQLCoreError/Code/nestingTooDeep`` when the
    /// document nests deeper than `options.maxDepth`.
    public init(parsing source: String, options: ParseOptions = .init()) throws(GraphQLCoreError) {
        self = try Parser.withParser(source, options: options) { (parser) throws(GraphQLCoreError) in
            try parser.parseDocument()
        }
    }
}

extension Value {
    /// Parses one value literal, such as `{a: [1, $b]}`; with `isConst`, variables are rejected.
    public init(parsing source: String, isConst: Bool = false, options: ParseOptions = .init())
        throws(GraphQLCoreError)
    {
        self = try Parser.withParser(source, options: options) { (parser) throws(GraphQLCoreError) in
            try parser.parseLoneValue(isConst: isConst)
        }
    }
}

extension TypeReference {
    /// Parses one type reference, such as `[String!]!`.
    public init(parsing source: String, options: ParseOptions = .init()) throws(GraphQLCoreError) {
        self = try Parser.withParser(source, options: options) { (parser) throws(GraphQLCoreError) in
            try parser.parseLoneType()
        }
    }
}
