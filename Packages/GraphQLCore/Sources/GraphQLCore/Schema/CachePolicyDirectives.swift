/// The directives a schema file applies to say how this client's cache identifies records, in Apollo
/// iOS's syntax and meaning, so that a team's schema extension files move over as they are:
/// `extend type Book @typePolicy(keyFields: "isbn")`.
///
/// An SDL may apply them without declaring them (they are known to the schema check), or declare them
/// as Apollo's documentation does; either way they are never sent to a server, which never sees the
/// schema's client extensions.
enum CachePolicyDirectives {
    static let typePolicyName = "typePolicy"

    /// `@typePolicy(keyFields: String!) on OBJECT | INTERFACE`: records of the type are keyed by the
    /// listed fields (space-separated) instead of `id`.
    static let typePolicy = DirectiveInfo(
        name: typePolicyName,
        description: "The fields, separated by spaces, that identify a record of the type in the client's cache.",
        arguments: [InputValueInfo(name: "keyFields", type: .nonNull(.named("String")))],
        locations: [.object, .interface])

    static let fieldPolicyName = "fieldPolicy"

    /// `@fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE`: the field's
    /// arguments named by `keyArgs` (space-separated) name the record it returns (``FieldRedirect``).
    static let fieldPolicy = DirectiveInfo(
        name: fieldPolicyName,
        description: "The arguments, separated by spaces, that name the record a field returns in the client's cache.",
        arguments: [
            InputValueInfo(name: "forField", type: .nonNull(.named("String"))),
            InputValueInfo(name: "keyArgs", type: .nonNull(.named("String"))),
        ],
        isRepeatable: true,
        locations: [.object, .interface])

    static let byName: [String: DirectiveInfo] = [typePolicyName: typePolicy, fieldPolicyName: fieldPolicy]

    /// The key fields of every object and interface type with a `@typePolicy`, its own or, for a type
    /// without one, the one its interfaces agree on. Throws a located `invalidSchema` error for a key
    /// field the type does not have or that is not a scalar or enum, an empty list, and a type whose
    /// interfaces give different key fields.
    static func keyFields(
        of typeDirectives: [String: [Directive]], types: [String: NamedType]
    ) throws(GraphQLCoreError) -> [String: [String]] {
        var own: [String: [String]] = [:]
        for (name, directives) in typeDirectives {
            guard let directive = directives.first(where: { $0.name == typePolicyName }),
                let type = types[name], type.kind == .object || type.kind == .interface
            else { continue }
            guard let argument = directive.arguments.first(where: { $0.name == "keyFields" }),
                case .string(let literal) = argument.value
            else { continue }  // The applied-directive check reports a missing or mistyped argument.
            let fields = literal.value.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !fields.isEmpty else {
                throw SchemaBuilder.invalid(
                    "The keyFields of '@typePolicy' on '\(name)' must name at least one field.",
                    directive.location.start)
            }
            for field in fields {
                guard let info = type.field(named: field) else {
                    throw SchemaBuilder.invalid(
                        "The key field '\(field)' of '@typePolicy' is not a field of '\(name)'.",
                        directive.location.start)
                }
                let kind = types[info.type.namedType]?.kind
                guard kind == .scalar || kind == .enum else {
                    throw SchemaBuilder.invalid(
                        "The key field '\(name).\(field)' of '@typePolicy' must be a scalar or an enum, not "
                            + "'\(info.type)'.", directive.location.start)
                }
            }
            own[name] = fields
        }
        var all = own
        for type in types.values where (type.kind == .object || type.kind == .interface) && own[type.name] == nil {
            let inherited = Set(interfaces(of: type.name, in: types).compactMap { own[$0] })
            guard let first = inherited.first else { continue }
            guard inherited.count == 1 else {
                throw SchemaBuilder.invalid(
                    "The type '\(type.name)' implements interfaces whose '@typePolicy' key fields differ; give "
                        + "'\(type.name)' a '@typePolicy' of its own.", nil)
            }
            all[type.name] = first
        }
        return all
    }

    /// Every interface `name` implements, directly or through another interface.
    private static func interfaces(of name: String, in types: [String: NamedType]) -> [String] {
        var seen: [String] = []
        var pending = types[name]?.interfaces ?? []
        while let next = pending.popLast() {
            guard !seen.contains(next) else { continue }
            seen.append(next)
            pending.append(contentsOf: types[next]?.interfaces ?? [])
        }
        return seen
    }

    /// The redirect of every field a `@fieldPolicy` names, by type and field; an object type's field
    /// without a policy of its own takes the one an interface it implements gives the field. Throws a
    /// located `invalidSchema` error for a field the type does not have, a key argument the field
    /// does not have, a field whose type is not an object type (an interface or a union names no
    /// one type, so no record ID can be made: a missing-field handler can), a count of key arguments
    /// other than the count of the record type's key fields, and a list field without exactly one
    /// list key argument (or a single field with one).
    static func fieldRedirects(
        of typeDirectives: [String: [Directive]], types: [String: NamedType], keyFields: [String: [String]]
    ) throws(GraphQLCoreError) -> [String: [String: FieldRedirect]] {
        var own: [String: [String: FieldRedirect]] = [:]
        for (name, directives) in typeDirectives {
            guard let type = types[name], type.kind == .object || type.kind == .interface else { continue }
            for directive in directives where directive.name == fieldPolicyName {
                guard case .string(let forField)? = directive.arguments.first(where: { $0.name == "forField" })?.value,
                    case .string(let keyArgs)? = directive.arguments.first(where: { $0.name == "keyArgs" })?.value
                else { continue }  // The applied-directive check reports a missing or mistyped argument.
                let redirect = try fieldRedirect(
                    forField: forField.value, keyArgs: keyArgs.value, on: type, types: types, keyFields: keyFields,
                    at: directive.location.start)
                own[name, default: [:]][forField.value] = redirect
            }
        }
        var all = own
        for type in types.values where type.kind == .object || type.kind == .interface {
            for interface in interfaces(of: type.name, in: types) {
                for (field, redirect) in own[interface] ?? [:] where all[type.name]?[field] == nil {
                    all[type.name, default: [:]][field] = redirect
                }
            }
        }
        return all
    }

    private static func fieldRedirect(
        forField: String, keyArgs: String, on type: NamedType, types: [String: NamedType],
        keyFields: [String: [String]], at location: SourceLocation
    ) throws(GraphQLCoreError) -> FieldRedirect {
        let place = "'@fieldPolicy(forField: \"\(forField)\")' on '\(type.name)'"
        guard let field = type.field(named: forField) else {
            throw SchemaBuilder.invalid("The field of \(place) is not a field of '\(type.name)'.", location)
        }
        let target = field.type.namedType
        guard types[target]?.kind == .object else {
            throw SchemaBuilder.invalid(
                "The field of \(place) returns '\(field.type)', not an object type: a redirect names a record of "
                    + "one type (use a missing-field handler for an interface or a union).", location)
        }
        let arguments = keyArgs.split(whereSeparator: \.isWhitespace).map(String.init)
        let targetKeys = keyFields[target] ?? ["id"]
        guard arguments.count == targetKeys.count else {
            throw SchemaBuilder.invalid(
                "The keyArgs of \(place) name \(arguments.count) argument(s), but '\(target)' is keyed by "
                    + "\(targetKeys.count) field(s) (\(targetKeys.joined(separator: " "))).", location)
        }
        var listArguments: [String] = []
        for argument in arguments {
            guard let info = field.arguments.first(where: { $0.name == argument }) else {
                throw SchemaBuilder.invalid(
                    "The key argument '\(argument)' of \(place) is not an argument of '\(type.name).\(forField)'.",
                    location)
            }
            if isList(info.type) { listArguments.append(argument) }
        }
        if isList(field.type) {
            guard listArguments.count == 1 else {
                throw SchemaBuilder.invalid(
                    "The field of \(place) returns a list, so exactly one key argument must be a list (one record "
                        + "per item); \(listArguments.count) are.", location)
            }
        } else if let list = listArguments.first {
            throw SchemaBuilder.invalid(
                "The key argument '\(list)' of \(place) is a list, but the field returns one record.", location)
        }
        return FieldRedirect(
            typename: target, keyFields: targetKeys, keyArguments: arguments, listArgument: listArguments.first)
    }

    /// Whether a value of `type` is a list (required or not).
    private static func isList(_ type: TypeReference) -> Bool {
        switch type {
        case .list: true
        case .nonNull(let inner): isList(inner)
        case .named: false
        }
    }
}
