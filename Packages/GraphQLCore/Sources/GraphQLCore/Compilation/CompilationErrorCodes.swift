extension GraphQLCoreError.Code {
    /// A client-only directive (such as `@cacheExpiration(seconds:)`) has a missing or invalid argument,
    /// or appears more than once.
    public static let invalidClientDirective = GraphQLCoreError.Code("invalidClientDirective")
    /// No fragment of the requested name is defined in the document.
    public static let unknownFragment = GraphQLCoreError.Code("unknownFragment")
    /// An alias takes the name of `__typename` or of a key field of the type (`{ user { id: name } }`)
    /// for another field, so the store would identify the object by the wrong value.
    public static let keyFieldAlias = GraphQLCoreError.Code("keyFieldAlias")
}
