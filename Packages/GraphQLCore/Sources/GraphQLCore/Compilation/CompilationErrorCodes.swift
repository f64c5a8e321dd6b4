extension GraphQLCoreError.Code {
    /// A client-only directive (such as `@cacheExpiration(seconds:)`) has a missing or invalid argument,
    /// or appears more than once.
    public static let invalidClientDirective = GraphQLCoreError.Code("invalidClientDirective")
    /// No fragment of the requested name is defined in the document.
    public static let unknownFragment = GraphQLCoreError.Code("unknownFragment")
}
