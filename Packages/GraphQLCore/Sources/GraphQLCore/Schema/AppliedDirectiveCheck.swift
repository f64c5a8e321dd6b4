/// Checks every directive an SDL applies (on the schema, its types, fields, arguments, enum values
/// and input fields, in definitions and extensions) against the directive's definition, as the spec's
/// "Directives Are Defined", "Directives Are In Valid Locations", "Directives Are Unique Per Location"
/// and argument rules ask: a typo such as `@typePolicy(keyField: "isbn")` is an error at its place, never
/// a directive silently ignored (decision 0176).
///
/// A directive is defined when the SDL declares it, when the spec does (`@deprecated`, `@specifiedBy`,
/// `@oneOf`, ...), or when it is one of the cache policy directives this client reads from a schema
/// (``CachePolicyDirectives``), which an SDL may apply without declaring, as Apollo's schema extension
/// files do.
struct AppliedDirectiveCheck {
    let schema: Schema

    func check(_ document: Document) throws(GraphQLCoreError) {
        var typeDirectives: [String: [Directive]] = [:]
        for definition in document.definitions {
            switch definition {
            case .schema(let schema), .schemaExtension(let schema):
                try check(schema.directives, at: .schema)
            case .type(let type), .typeExtension(let type):
                // A type's directives are unique across its definition and extensions together.
                typeDirectives[type.name, default: []] += type.directives
                try check(type.directives, at: Self.location(of: type.kind), uniqueAmong: typeDirectives[type.name])
                for field in type.fields {
                    try check(field.directives, at: .fieldDefinition)
                    for argument in field.arguments { try check(argument.directives, at: .argumentDefinition) }
                }
                for value in type.enumValues { try check(value.directives, at: .enumValue) }
                for field in type.inputFields { try check(field.directives, at: .inputFieldDefinition) }
            case .directive(let directive):
                for argument in directive.arguments { try check(argument.directives, at: .argumentDefinition) }
            case .operation, .fragment:
                continue
            }
        }
    }

    /// The definition of the directive called `name`: the schema's, else a cache policy directive's.
    func definition(of name: String) -> DirectiveInfo? {
        schema.directive(named: name) ?? CachePolicyDirectives.byName[name]
    }

    private func check(
        _ directives: [Directive], at location: DirectiveLocation, uniqueAmong all: [Directive]? = nil
    ) throws(GraphQLCoreError) {
        for directive in directives {
            guard let definition = definition(of: directive.name) else {
                throw invalid("Unknown directive '@\(directive.name)'.", directive)
            }
            guard definition.locations.contains(location) else {
                throw invalid(
                    "Directive '@\(directive.name)' may not be used on \(location.rawValue.replacingOccurrences(of: "_", with: " ").lowercased()).",
                    directive)
            }
            if !definition.isRepeatable, (all ?? directives).filter({ $0.name == directive.name }).count > 1 {
                throw invalid("The directive '@\(directive.name)' can only be used once at this location.", directive)
            }
            try checkArguments(of: directive, against: definition)
        }
    }

    private func checkArguments(of directive: Directive, against definition: DirectiveInfo) throws(GraphQLCoreError) {
        var seen: Set<String> = []
        for argument in directive.arguments {
            guard seen.insert(argument.name).inserted else {
                throw invalid("There can be only one argument named '\(argument.name)'.", directive)
            }
            guard let declared = definition.argument(named: argument.name) else {
                throw invalid("Unknown argument '\(argument.name)' on directive '@\(directive.name)'.", directive)
            }
            guard let value = LiteralConversion.json(argument.value) else {
                throw invalid(
                    "The argument '\(argument.name)' of '@\(directive.name)' in a schema must be a constant, "
                        + "not a variable.", directive)
            }
            do throws(InputCoercion.Failure) {
                _ = try InputCoercion(schema: schema).coerce(value, to: declared.type)
            } catch {
                throw invalid(
                    "The argument '\(argument.name)' of '@\(directive.name)' expects type '\(declared.type)': "
                        + error.message, directive)
            }
        }
        for declared in definition.arguments where !seen.contains(declared.name) {
            if case .nonNull = declared.type, declared.defaultValue == nil {
                throw invalid(
                    "Directive '@\(directive.name)' argument '\(declared.name)' of type '\(declared.type)' is "
                        + "required, but it was not provided.", directive)
            }
        }
    }

    static func location(of kind: TypeKind) -> DirectiveLocation {
        switch kind {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enum: .enum
        case .inputObject: .inputObject
        }
    }

    private func invalid(_ message: String, _ directive: Directive) -> GraphQLCoreError {
        SchemaBuilder.invalid(message, directive.location.start)
    }
}
