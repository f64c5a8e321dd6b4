/// What compiling an operation and coercing its variables ask of a schema.
///
/// The compiler reads the schema through these few questions rather than through `Schema`'s own
/// API, so that the compilation steps are written once and a schema type only has to answer them
/// (see `Schema+CompilationSchema.swift`). Every answer for an unknown name is "nothing".
protocol CompilationSchema: Sendable {
    /// The root type of operations of `kind`, or `nil` when the schema has none.
    func rootTypeName(for kind: OperationKind) -> String?
    /// The kind of the named type, or `nil` for an unknown name.
    func typeKind(of typeName: String) -> TypeKind?
    /// The declared type of field `fieldName` on the object or interface `typeName`.
    func fieldType(_ fieldName: String, on typeName: String) -> TypeReference?
    /// The object types an object of `typeName` can be: itself for an object type, the implementations
    /// of an interface, the members of a union.
    func possibleTypeNames(of typeName: String) -> Set<String>
    /// The values of an enum type.
    func enumValueNames(of typeName: String) -> [String]
    /// The fields of an input object type, in declaration order.
    func inputFields(of typeName: String) -> [InputValueDefinition]
    /// Whether the input object type is marked `@oneOf`.
    func isOneOf(_ typeName: String) -> Bool
    /// The declared type of argument `argumentName` of field `fieldName` on `typeName`.
    func argumentType(_ argumentName: String, ofField fieldName: String, on typeName: String) -> TypeReference?
    /// The redirect a `@fieldPolicy` gives field `fieldName` of `typeName`, if any.
    func redirect(ofField fieldName: String, on typeName: String) -> FieldRedirect?
}

extension CompilationSchema {
    /// Whether every object that satisfies `inner` also satisfies `outer`: then a fragment on `outer`
    /// spread where the parent type is `inner` always applies, and its selections merge into the parent.
    func typeCondition(_ outer: String, covers inner: String) -> Bool {
        if outer == inner { return true }
        guard typeKind(of: outer) != nil, typeKind(of: inner) != nil else { return false }
        let innerTypes = possibleTypeNames(of: inner)
        return !innerTypes.isEmpty && innerTypes.isSubset(of: possibleTypeNames(of: outer))
    }

    /// Whether `typeName` is an object, interface or union.
    func isComposite(_ typeName: String) -> Bool {
        switch typeKind(of: typeName) {
        case .object?, .interface?, .union?: true
        default: false
        }
    }
}
