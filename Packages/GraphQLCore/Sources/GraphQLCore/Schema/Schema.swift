/// A GraphQL schema built from SDL: the types, fields and directives that documents are validated and
/// compiled against.
///
/// Immutable and `Sendable`: a final class whose stored properties are all `let`, so one schema is shared
/// by reference between every compiler, store and task that reads it. The one thing that changes is a
/// small, locked memo of the documents last found valid against it, so that compiling a document the
/// app has just validated does not validate it again. Extensions in the SDL are merged
/// into their types; the standard scalars, the spec's directives, the client's `@cacheExpiration` and
/// the introspection types are always present.
public final class Schema: Sendable {
    private let types: [String: NamedType]
    private let directives: [String: DirectiveInfo]
    private let roots: [OperationKind: String]
    /// For each interface and union, the object types that can stand in its place.
    private let possibleTypesByAbstractType: [String: Set<String>]
    /// For each object and interface, every interface it implements, directly or through another interface.
    private let allInterfacesByType: [String: Set<String>]
    /// The documents last found valid against this schema.
    let validatedDocuments = ValidatedDocuments()
    /// The fields that identify a record of each type with a `@typePolicy(keyFields:)` in the SDL (its
    /// own, or for a type without one the one its interfaces agree on), by type name; types not named
    /// here are identified by `id`. Compilation adds these fields to every selection on the type, and
    /// the runtime's store keys records of the type by their values (decision 0176).
    public let keyFields: [String: [String]]
    /// The redirect of each field a `@fieldPolicy(forField:keyArgs:)` in the SDL names, by type and field
    /// (an object's field without its own takes its interface's): compilation puts it on the field
    /// (``CompiledField/redirect``), and a store read follows it to a record it already holds.
    public let fieldRedirects: [String: [String: FieldRedirect]]

    /// Builds a schema from a parsed document of type-system definitions and extensions.
    ///
    /// Throws ``GraphQLCoreError/Code/invalidSchema`` when the document holds executable definitions,
    /// extends an unknown type, references an unknown type, defines a type or field twice, puts an input
    /// type where an output type belongs or the reverse, leaves an interface's field unimplemented, or
    /// includes a non-object type in a union. Every directive the SDL applies is checked against its
    /// definition (known, in a valid location, not repeated unless repeatable, its arguments known,
    /// given when required and of their types), with the error at the directive; so are the key fields
    /// a `@typePolicy` names.
    public init(document: Document) throws(GraphQLCoreError) {
        var builder = SchemaBuilder()
        try builder.add(document)
        let parts = try builder.build()
        try SchemaValidator(parts: parts).validate()
        keyFields = try CachePolicyDirectives.keyFields(of: parts.typeDirectives, types: parts.types)
        fieldRedirects = try CachePolicyDirectives.fieldRedirects(
            of: parts.typeDirectives, types: parts.types, keyFields: keyFields)
        types = parts.types
        directives = parts.directives
        roots = parts.roots
        var interfaces: [String: Set<String>] = [:]
        for type in parts.types.values where type.kind == .object || type.kind == .interface {
            interfaces[type.name] = Self.transitiveInterfaces(of: type.name, in: parts.types)
        }
        var possible: [String: Set<String>] = [:]
        for type in parts.types.values {
            switch type.kind {
            case .union:
                possible[type.name, default: []].formUnion(
                    type.unionMembers.filter { parts.types[$0]?.kind == .object })
            case .interface:
                possible[type.name, default: []].formUnion([])
            case .object:
                for interface in interfaces[type.name] ?? [] { possible[interface, default: []].insert(type.name) }
            default:
                break
            }
        }
        possibleTypesByAbstractType = possible
        allInterfacesByType = interfaces
        try AppliedDirectiveCheck(schema: self).check(document)
    }

    private static func transitiveInterfaces(of name: String, in types: [String: NamedType]) -> Set<String> {
        var seen: Set<String> = []
        var pending = types[name]?.interfaces ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending.append(contentsOf: types[next]?.interfaces ?? [])
        }
        return seen
    }

    /// The type called `name`, with its extensions merged, or `nil` when the schema has none.
    public func type(named name: String) -> NamedType? { types[name] }

    /// The field `name` of the object or interface `typeName`, including the introspection fields:
    /// `__typename` on every object, interface and union, `__schema` and `__type` on the query root.
    public func field(_ name: String, on typeName: String) -> FieldInfo? {
        guard let type = types[typeName] else { return nil }
        if name.hasPrefix("__") {
            switch name {
            case "__typename" where type.isComposite:
                return BuiltInDefinitions.typenameField
            case "__schema" where typeName == roots[.query]:
                return BuiltInDefinitions.schemaField
            case "__type" where typeName == roots[.query]:
                return BuiltInDefinitions.typeField
            default:
                break
            }
        }
        return type.field(named: name)
    }

    /// The object types a value of `abstractTypeName` can be: for an interface, the objects implementing
    /// it directly or through other interfaces; for a union, its members; for an object, itself; empty
    /// for any other type or an unknown name.
    public func possibleTypes(of abstractTypeName: String) -> Set<String> {
        guard let type = types[abstractTypeName] else { return [] }
        switch type.kind {
        case .object: return [abstractTypeName]
        case .interface, .union: return possibleTypesByAbstractType[abstractTypeName] ?? []
        default: return []
        }
    }

    /// Whether a value of type `typeName` is always a valid value of `superTypeName`: the same type, a
    /// member of a union, or an object or interface that implements an interface (directly or not).
    public func isSubtype(_ typeName: String, of superTypeName: String) -> Bool {
        if typeName == superTypeName { return true }
        guard let superType = types[superTypeName] else { return false }
        switch superType.kind {
        case .union: return possibleTypes(of: superTypeName).contains(typeName)
        case .interface: return allInterfacesByType[typeName]?.contains(superTypeName) ?? false
        default: return false
        }
    }

    /// The name of the root type for `kind`: from `schema { ... }`, or else `Query`, `Mutation` or
    /// `Subscription` when the SDL defines an object of that name; `nil` when the schema has no such root.
    public func rootTypeName(for kind: OperationKind) -> String? { roots[kind] }

    /// The directive called `name` (without `@`): a built-in one, `@cacheExpiration`, or one from the SDL.
    public func directive(named name: String) -> DirectiveInfo? { directives[name] }

    /// Every type of the schema, built-in ones included, sorted by name.
    public var allTypes: [NamedType] { types.values.sorted { $0.name < $1.name } }

    /// Every directive of the schema, built-in ones included, sorted by name.
    public var allDirectives: [DirectiveInfo] { directives.values.sorted { $0.name < $1.name } }

    /// Whether the possible types of two composite types intersect, so that a fragment of one can apply
    /// inside a selection on the other.
    func typesOverlap(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        let firstPossible = possibleTypes(of: first)
        if firstPossible.isEmpty { return false }
        return !firstPossible.isDisjoint(with: possibleTypes(of: second))
    }

    /// Whether `type` can be used where `superType` is expected (non-null narrows, lists match item-wise).
    func isTypeSubtype(_ type: TypeReference, of superType: TypeReference) -> Bool {
        switch (type, superType) {
        case (.nonNull(let inner), .nonNull(let superInner)): return isTypeSubtype(inner, of: superInner)
        case (.nonNull(let inner), _): return isTypeSubtype(inner, of: superType)
        case (_, .nonNull): return false
        case (.list(let item), .list(let superItem)): return isTypeSubtype(item, of: superItem)
        case (.list, _), (_, .list): return false
        case (.named(let name), .named(let superName)): return isSubtype(name, of: superName)
        }
    }
}
