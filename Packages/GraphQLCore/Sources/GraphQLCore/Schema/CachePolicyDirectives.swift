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

    static let byName: [String: DirectiveInfo] = [typePolicyName: typePolicy]

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
}
