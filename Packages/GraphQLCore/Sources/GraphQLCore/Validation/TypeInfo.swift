/// What the walker knows about the node at hand: the types around it, as graphql-core's `TypeInfo`
/// tracks them. Each stack has one entry per enclosing node of its kind; `nil` marks an unknown type.
struct TypeInfo {
    /// The output type of the enclosing field, operation or fragment.
    var typeStack: [TypeReference?] = []
    /// The composite type whose selection set encloses the node.
    var parentTypeStack: [NamedType?] = []
    /// The enclosing field's definition.
    var fieldDefinitionStack: [FieldInfo?] = []
    /// The input type expected where the walker is inside a value.
    var inputTypeStack: [TypeReference?] = []
    /// Whether the enclosing argument or input field has a default value.
    var hasDefaultStack: [Bool] = []
    /// The directive being walked, if the schema knows it.
    var directive: DirectiveInfo?
    /// Whether the walker is inside a directive, known or not.
    var isInDirective = false
    /// The argument being walked, if any.
    var argument: InputValueInfo?

    var type: TypeReference? { typeStack.last ?? nil }
    var parentType: NamedType? { parentTypeStack.last ?? nil }
    var fieldDefinition: FieldInfo? { fieldDefinitionStack.last ?? nil }
    var inputType: TypeReference? { inputTypeStack.last ?? nil }
    var parentInputType: TypeReference? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    var locationHasDefault: Bool { hasDefaultStack.last ?? false }
}
