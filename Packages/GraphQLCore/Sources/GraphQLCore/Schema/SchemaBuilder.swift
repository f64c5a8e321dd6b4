/// Collects the definitions and extensions of an SDL document and merges them into a schema's parts.
struct SchemaBuilder {
    /// What a ``Schema`` is made of, before its own validation.
    struct Parts {
        var types: [String: NamedType]
        var directives: [String: DirectiveInfo]
        var roots: [OperationKind: String]
        /// Where each SDL-defined type and directive was written, for error locations.
        var locations: [String: SourceLocation]
        /// The SDL-defined type names in the order written, so errors come out in document order.
        var definedTypeNames: [String]
        var definedDirectiveNames: [String]
        /// Where the `schema { ... }` definition was, if any.
        var schemaLocation: SourceLocation?
        /// The directives applied to each SDL-defined type, its extensions' included.
        var typeDirectives: [String: [Directive]] = [:]
    }

    private var definitions: [String: TypeDefinition] = [:]
    private var order: [String] = []
    private var extensions: [TypeDefinition] = []
    private var directiveDefinitions: [String: DirectiveDefinition] = [:]
    private var directiveOrder: [String] = []
    private var schemaDefinition: SchemaDefinition?
    private var schemaExtensions: [SchemaDefinition] = []

    mutating func add(_ document: Document) throws(GraphQLCoreError) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                throw invalid("The schema document must only contain type-system definitions.", operation.location)
            case .fragment(let fragment):
                throw invalid("The schema document must only contain type-system definitions.", fragment.location)
            case .schema(let schema):
                if schemaDefinition != nil {
                    throw invalid("Must provide only one schema definition.", schema.location)
                }
                schemaDefinition = schema
            case .schemaExtension(let schema):
                schemaExtensions.append(schema)
            case .type(let type):
                if type.kind == .scalar && BuiltInDefinitions.scalarNames.contains(type.name)
                    && definitions[type.name] == nil
                {
                    continue  // Redeclaring a standard scalar changes nothing.
                }
                if definitions[type.name] != nil || BuiltInDefinitions.scalarNames.contains(type.name) {
                    throw invalid("There can be only one type named '\(type.name)'.", type.location)
                }
                if type.name.hasPrefix("__") {
                    throw invalid(
                        "Name '\(type.name)' must not begin with '__', which is reserved by GraphQL introspection.",
                        type.location)
                }
                definitions[type.name] = type
                order.append(type.name)
            case .typeExtension(let type):
                extensions.append(type)
            case .directive(let directive):
                if directiveDefinitions[directive.name] != nil {
                    throw invalid("There can be only one directive named '@\(directive.name)'.", directive.location)
                }
                directiveDefinitions[directive.name] = directive
                directiveOrder.append(directive.name)
            }
        }
    }

    func build() throws(GraphQLCoreError) -> Parts {
        var merged = definitions
        for ext in extensions {
            guard var base = merged[ext.name] else {
                if ext.kind == .scalar && BuiltInDefinitions.scalarNames.contains(ext.name) { continue }
                throw invalid("Cannot extend type '\(ext.name)' because it is not defined.", ext.location)
            }
            guard base.kind == ext.kind else {
                throw invalid("Cannot extend non-\(Self.kindName(ext.kind)) type '\(ext.name)'.", ext.location)
            }
            base.interfaces += ext.interfaces
            base.directives += ext.directives
            base.fields += ext.fields
            base.unionMembers += ext.unionMembers
            base.enumValues += ext.enumValues
            base.inputFields += ext.inputFields
            merged[ext.name] = base
        }

        var types: [String: NamedType] = [:]
        var locations: [String: SourceLocation] = [:]
        var typeDirectives: [String: [Directive]] = [:]
        for type in BuiltInDefinitions.scalars + BuiltInDefinitions.introspectionTypes { types[type.name] = type }
        for name in order {
            guard let definition = merged[name] else { continue }
            types[name] = Self.namedType(definition)
            locations[name] = definition.location.start
            if !definition.directives.isEmpty { typeDirectives[name] = definition.directives }
        }

        var directives: [String: DirectiveInfo] = [:]
        for directive in BuiltInDefinitions.directives { directives[directive.name] = directive }
        for name in directiveOrder {
            guard let definition = directiveDefinitions[name] else { continue }
            // An SDL may declare a built-in directive (a server's schema often declares
            // `@cacheExpiration` or `@connection`); its declaration wins, and the client-only mark stays with the name.
            directives[name] = DirectiveInfo(
                name: name, description: definition.description?.value,
                arguments: definition.arguments.map(Self.inputValue), isRepeatable: definition.isRepeatable,
                locations: definition.locations, isClientOnly: BuiltInDefinitions.clientOnlyNames.contains(name))
            locations["@" + name] = definition.location.start
        }

        var roots: [OperationKind: String] = [:]
        let operationTypes = (schemaDefinition.map { [$0] } ?? []) + schemaExtensions
        if schemaDefinition == nil && schemaExtensions.isEmpty {
            for (kind, name) in [
                (OperationKind.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription"),
            ]
            where types[name] != nil {
                roots[kind] = name
            }
        } else {
            for entry in operationTypes.flatMap(\.operationTypes) {
                if roots[entry.operation] != nil {
                    throw invalid("Type for \(entry.operation.rawValue) already defined in the schema.", entry.location)
                }
                roots[entry.operation] = entry.type
                locations["schema." + entry.operation.rawValue] = entry.location.start
            }
        }

        return Parts(
            types: types, directives: directives, roots: roots, locations: locations, definedTypeNames: order,
            definedDirectiveNames: directiveOrder, schemaLocation: schemaDefinition?.location.start,
            typeDirectives: typeDirectives)
    }

    static func kindName(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object"
        }
    }

    private static func namedType(_ definition: TypeDefinition) -> NamedType {
        NamedType(
            kind: definition.kind, name: definition.name, description: definition.description?.value,
            interfaces: definition.interfaces,
            fields: definition.fields.map {
                FieldInfo(
                    name: $0.name, description: $0.description?.value, arguments: $0.arguments.map(inputValue),
                    type: $0.type, deprecationReason: deprecationReason($0.directives),
                    semanticNonNullLevels: BuiltInDefinitions.semanticNonNullLevels($0.directives))
            },
            unionMembers: definition.unionMembers,
            enumValues: definition.enumValues.map {
                EnumValueInfo(
                    name: $0.name, description: $0.description?.value,
                    deprecationReason: deprecationReason($0.directives))
            },
            inputFields: definition.inputFields.map(inputValue),
            isOneOf: definition.directives.contains { $0.name == "oneOf" },
            specifiedByURL: definition.directives.first { $0.name == "specifiedBy" }.flatMap {
                stringArgument("url", of: $0)
            })
    }

    private static func inputValue(_ definition: InputValueDefinition) -> InputValueInfo {
        InputValueInfo(
            name: definition.name, description: definition.description?.value, type: definition.type,
            defaultValue: definition.defaultValue, deprecationReason: deprecationReason(definition.directives))
    }

    private static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let deprecated = directives.first(where: { $0.name == "deprecated" }) else { return nil }
        return stringArgument("reason", of: deprecated) ?? BuiltInDefinitions.defaultDeprecationReason
    }

    private static func stringArgument(_ name: String, of directive: Directive) -> String? {
        guard let argument = directive.arguments.first(where: { $0.name == name }),
            case .string(let literal) = argument.value
        else { return nil }
        return literal.value
    }

    private func invalid(_ message: String, _ location: NodeLocation) -> GraphQLCoreError {
        Self.invalid(message, location.start)
    }

    static func invalid(_ message: String, _ location: SourceLocation?) -> GraphQLCoreError {
        let located = location.flatMap { $0.line > 0 ? $0 : nil }
        return GraphQLCoreError(.invalidSchema, message, locations: located.map { [$0] } ?? [])
    }
}
