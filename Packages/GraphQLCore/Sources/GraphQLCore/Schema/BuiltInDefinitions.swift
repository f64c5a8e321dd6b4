/// The types and directives every ``Schema`` has without the SDL declaring them: the five standard
/// scalars, the introspection types, the spec's directives and the client's `@cacheExpiration`,
/// `@connection` and `@catch`.
enum BuiltInDefinitions {
    static let scalarNames: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    static let scalars: [NamedType] = ["Int", "Float", "String", "Boolean", "ID"].map {
        NamedType(kind: .scalar, name: $0)
    }

    /// `@cacheExpiration(seconds: Int!)`: read by the runtime, stripped before the text is sent.
    static let cacheExpirationName = "cacheExpiration"
    /// `@connection(key: String!, filters: [String!])`: read by the compiler, stripped before the text is sent.
    static let connectionName = "connection"
    /// `@semanticNonNull(levels: [Int!] = [0])` on a field definition (the GraphQL nullability working
    /// group's directive): the marked levels are null only with an error.
    static let semanticNonNullName = "semanticNonNull"
    /// The client-only directives: an SDL that declares one keeps it client-only.
    static let clientOnlyNames: Set<String> = [cacheExpirationName, connectionName, CatchTarget.directiveName]

    static let directives: [DirectiveInfo] = [
        DirectiveInfo(
            name: "include",
            description: "Directs the executor to include this field or fragment only when the `if` argument is true.",
            arguments: [InputValueInfo(name: "if", type: .nonNull(.named("Boolean")))],
            locations: [.field, .fragmentSpread, .inlineFragment]),
        DirectiveInfo(
            name: "skip",
            description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
            arguments: [InputValueInfo(name: "if", type: .nonNull(.named("Boolean")))],
            locations: [.field, .fragmentSpread, .inlineFragment]),
        DirectiveInfo(
            name: "deprecated", description: "Marks an element of a GraphQL schema as no longer supported.",
            arguments: [
                InputValueInfo(
                    name: "reason", type: .named("String"),
                    defaultValue: .string(StringLiteral(defaultDeprecationReason)))
            ],
            locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue]),
        DirectiveInfo(
            name: "specifiedBy", description: "Exposes a URL that specifies the behavior of this scalar.",
            arguments: [InputValueInfo(name: "url", type: .nonNull(.named("String")))], locations: [.scalar]),
        DirectiveInfo(
            name: "oneOf",
            description: "Indicates exactly one field must be supplied and this field must not be `null`.",
            locations: [.inputObject]),
        DirectiveInfo(
            name: cacheExpirationName,
            description: "How long the operation's data stays fresh in the client's store. Never sent to the server.",
            arguments: [InputValueInfo(name: "seconds", type: .nonNull(.named("Int")))], locations: [.query],
            isClientOnly: true),
        DirectiveInfo(
            name: connectionName,
            description:
                "Stores the pages of a cursor connection as one list in the client's store. Never sent to the server.",
            arguments: [
                InputValueInfo(name: "key", type: .nonNull(.named("String"))),
                InputValueInfo(name: "filters", type: .list(.nonNull(.named("String")))),
            ],
            locations: [.field], isClientOnly: true),
        DirectiveInfo(
            name: semanticNonNullName,
            description:
                "The field's value (level 0), or its list's items (level 1, ...), is null only when an error is reported for it.",
            arguments: [
                InputValueInfo(name: "levels", type: .list(.nonNull(.named("Int"))), defaultValue: .list([.int("0")]))
            ],
            locations: [.fieldDefinition]),
        // The enum `CatchTo` need not exist: `CatchDirectiveRule` checks the value (`RESULT` or `NULL`).
        DirectiveInfo(
            name: CatchTarget.directiveName,
            description:
                "Catches a field error at or under the field (the default of an operation's or fragment's own fields): "
                + "a result (RESULT) or null (NULL) in generated code. Never sent to the server.",
            arguments: [InputValueInfo(name: "to", type: .named("CatchTo"), defaultValue: .enumValue("RESULT"))],
            locations: [.field, .query, .mutation, .subscription, .fragmentDefinition], isClientOnly: true),
    ]

    /// The levels a field definition's `@semanticNonNull` marks: `[0]` when it gives none, nothing
    /// without the directive. A level that is not an Int literal >= 0 is left out (the applied-directive
    /// check reports a value of the wrong type).
    static func semanticNonNullLevels(_ directives: [Directive]) -> [Int] {
        guard let directive = directives.first(where: { $0.name == semanticNonNullName }) else { return [] }
        guard let argument = directive.arguments.first(where: { $0.name == "levels" }) else { return [0] }
        let items: [Value] =
            switch argument.value {
            case .list(let items): items
            default: [argument.value]
            }
        return items.compactMap { item in
            guard case .int(let text) = item, let level = Int(text), level >= 0 else { return nil }
            return level
        }
    }

    static let defaultDeprecationReason = "No longer supported"

    /// `__typename`, on every object, interface and union.
    static let typenameField = FieldInfo(name: "__typename", type: .nonNull(.named("String")))
    /// `__schema`, on the query root.
    static let schemaField = FieldInfo(name: "__schema", type: .nonNull(.named("__Schema")))
    /// `__type(name:)`, on the query root.
    static let typeField = FieldInfo(
        name: "__type", arguments: [InputValueInfo(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type"))

    static let introspectionTypes: [NamedType] = {
        func field(_ name: String, _ type: TypeReference, _ arguments: [InputValueInfo] = []) -> FieldInfo {
            FieldInfo(name: name, arguments: arguments, type: type)
        }
        func list(_ name: String) -> TypeReference { .list(.nonNull(.named(name))) }
        let string = TypeReference.named("String")
        let requiredString = TypeReference.nonNull(.named("String"))
        let requiredBoolean = TypeReference.nonNull(.named("Boolean"))
        let type = TypeReference.named("__Type")
        let includeDeprecated = [
            InputValueInfo(name: "includeDeprecated", type: .named("Boolean"), defaultValue: .boolean(false))
        ]
        return [
            NamedType(
                kind: .object, name: "__Schema",
                fields: [
                    field("description", string), field("types", .nonNull(list("__Type"))),
                    field("queryType", .nonNull(type)), field("mutationType", type),
                    field("subscriptionType", type), field("directives", .nonNull(list("__Directive"))),
                ]),
            NamedType(
                kind: .object, name: "__Type",
                fields: [
                    field("kind", .nonNull(.named("__TypeKind"))), field("name", string),
                    field("description", string), field("specifiedByURL", string),
                    field("fields", list("__Field"), includeDeprecated), field("interfaces", list("__Type")),
                    field("possibleTypes", list("__Type")),
                    field("enumValues", list("__EnumValue"), includeDeprecated),
                    field("inputFields", list("__InputValue"), includeDeprecated), field("ofType", type),
                    field("isOneOf", .named("Boolean")),
                ]),
            NamedType(
                kind: .enum, name: "__TypeKind",
                enumValues: ["SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT", "LIST", "NON_NULL"]
                    .map { EnumValueInfo(name: $0) }),
            NamedType(
                kind: .object, name: "__Field",
                fields: [
                    field("name", requiredString), field("description", string),
                    field("args", .nonNull(list("__InputValue")), includeDeprecated),
                    field("type", .nonNull(type)), field("isDeprecated", requiredBoolean),
                    field("deprecationReason", string),
                ]),
            NamedType(
                kind: .object, name: "__InputValue",
                fields: [
                    field("name", requiredString), field("description", string), field("type", .nonNull(type)),
                    field("defaultValue", string), field("isDeprecated", requiredBoolean),
                    field("deprecationReason", string),
                ]),
            NamedType(
                kind: .object, name: "__EnumValue",
                fields: [
                    field("name", requiredString), field("description", string),
                    field("isDeprecated", requiredBoolean), field("deprecationReason", string),
                ]),
            NamedType(
                kind: .object, name: "__Directive",
                fields: [
                    field("name", requiredString), field("description", string),
                    field("isRepeatable", requiredBoolean),
                    field("locations", .nonNull(list("__DirectiveLocation"))),
                    field("args", .nonNull(list("__InputValue")), includeDeprecated),
                ]),
            NamedType(
                kind: .enum, name: "__DirectiveLocation",
                enumValues: DirectiveLocation.allCases.map { EnumValueInfo(name: $0.rawValue) }),
        ]
    }()
}
