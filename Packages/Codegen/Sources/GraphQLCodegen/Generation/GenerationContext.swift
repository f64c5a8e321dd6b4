import GraphQLCore

/// What building every generated type shares: the schema, the sent fragments, the configuration,
/// the schema types the documents use (to print once, in the namespace), and the problems found.
///
/// A class because the builders recurse through selections and all add to one list of problems
/// and one set of used types; it lives for one run of the generator on one thread.
final class GenerationContext {
    let schema: Schema
    let configuration: CodegenConfiguration
    let documents: DocumentSet
    /// The fragments as sent (with `__typename` and key fields), by name.
    let fragments: [String: FragmentDefinition]
    /// Names a nested generated type must not take: it would hide the type of that name from the code
    /// nested in it.
    let hiddenTypeNames: Set<String>

    /// The `@catch` written on each fragment definition, by name: the default of its own fields.
    var catchDefaults: [String: CatchTarget] = [:]

    private(set) var problems: [CodegenDiagnostic] = []
    private(set) var firstProblemCode: CodegenError.Code?
    private(set) var usedEnums: Set<String> = []
    private(set) var usedInputObjects: Set<String> = []
    private(set) var usedScalars: Set<String> = []
    /// The custom scalars without a mapping reported so far.
    private var unmappedScalars: Set<String> = []

    init(schema: Schema, configuration: CodegenConfiguration, documents: DocumentSet, fragments: [FragmentDefinition]) {
        self.schema = schema
        self.configuration = configuration
        self.documents = documents
        var byName: [String: FragmentDefinition] = [:]
        for fragment in fragments where byName[fragment.name] == nil { byName[fragment.name] = fragment }
        self.fragments = byName
        var hidden = SwiftNames.reservedTypeNames.union(fragments.map(\.name))
        hidden.insert(configuration.schemaNamespace)
        for mapped in Array(configuration.scalars.values) + Array(Self.defaultScalars.values) {
            if let first = mapped.split(separator: ".").first { hidden.insert(String(first)) }
        }
        self.hiddenTypeNames = hidden
    }

    /// The namespace's name as code refers to it.
    var namespace: String { SwiftNames.escaped(configuration.schemaNamespace) }

    func problem(_ code: CodegenError.Code, at location: SourceLocation?, _ message: String) {
        if firstProblemCode == nil { firstProblemCode = code }
        problems.append(documents.diagnostic(at: location, message))
    }

    /// A problem with a place of its own (in the schema's file).
    func report(_ diagnostic: CodegenDiagnostic) {
        if firstProblemCode == nil { firstProblemCode = .nameCollision }
        problems.append(diagnostic)
    }

    // MARK: Types

    /// Whether every object of type `inner` is also of type `outer`, so a fragment on `outer` always
    /// applies where the type is `inner`.
    func covers(_ outer: String, _ inner: String) -> Bool {
        if outer == inner { return true }
        let innerTypes = schema.possibleTypes(of: inner)
        return !innerTypes.isEmpty && innerTypes.isSubset(of: schema.possibleTypes(of: outer))
    }

    /// Whether some object can be of both types.
    func overlaps(_ first: String, _ second: String) -> Bool {
        !schema.possibleTypes(of: first).isDisjoint(with: schema.possibleTypes(of: second))
    }

    func isAbstract(_ typeName: String) -> Bool { schema.type(named: typeName)?.isAbstract ?? false }

    func isComposite(_ typeName: String) -> Bool { schema.type(named: typeName)?.isComposite ?? false }

    /// The scalars mapped without configuration: `Upload`, the file of the GraphQL multipart request
    /// spec, to the runtime's `Upload`. A configuration that names one maps it instead.
    static let defaultScalars: [String: String] = ["Upload": "GraphQLCore.Upload"]

    /// The Swift type the configuration maps the scalar `name` to, else its default when the schema's
    /// `name` is a scalar; `nil` for an unmapped custom scalar.
    func scalarMapping(_ name: String) -> String? {
        if let mapped = configuration.scalars[name] { return mapped }
        guard schema.type(named: name)?.kind == .scalar else { return nil }
        return Self.defaultScalars[name]
    }

    /// The Swift type of a scalar, enum or input object, recording that the namespace needs it; an
    /// unmapped custom scalar is a problem at `location` unless `reporting` is off (the namespace's
    /// file, printed last, meets the scalars again that the documents' uses have reported already).
    func leafType(_ name: String, at location: SourceLocation?, reporting: Bool = true) -> String {
        let builtIn: [String: String] = [
            "Int": "Int", "Float": "Double", "String": "String", "Boolean": "Bool", "ID": "String",
        ]
        if let mapped = scalarMapping(name) {
            if builtIn[name] != nil { return mapped }
            usedScalars.insert(name)
            return namespace + "." + SwiftNames.escaped(name)
        }
        if let swift = builtIn[name] { return swift }
        switch schema.type(named: name)?.kind {
        case .enum?:
            usedEnums.insert(name)
            return namespace + "." + SwiftNames.escaped(name)
        case .inputObject?:
            useInputObject(name, at: location)
            return namespace + "." + SwiftNames.escaped(name)
        default:
            // Once, at its first use: every other use has the same fix.
            guard reporting, unmappedScalars.insert(name).inserted else { return "String" }
            problem(
                .unmappedScalar, at: location,
                "The custom scalar '\(name)' has no Swift type; map it in the configuration, "
                    + "for example {\"scalars\": {\"\(name)\": \"String\"}}.")
            return "String"
        }
    }

    /// Records an input object and, through its fields, every input type it reaches.
    private func useInputObject(_ name: String, at location: SourceLocation?) {
        guard usedInputObjects.insert(name).inserted, let type = schema.type(named: name) else { return }
        for field in type.inputFields { _ = leafType(field.type.namedType, at: location) }
    }

    /// `T`, `T?`, `[T?]`... for a type reference whose named type renders as `base`: the type without
    /// the outer optional, and whether the outer level is nullable.
    static func render(_ reference: TypeReference, base: String) -> (type: String, isNullable: Bool) {
        if case .nonNull(let inner) = reference { return (renderNonNull(inner, base: base), false) }
        return (renderNonNull(reference, base: base), true)
    }

    private static func renderNonNull(_ reference: TypeReference, base: String) -> String {
        switch reference {
        case .named: return base
        case .list(let item):
            let (type, isNullable) = render(item, base: base)
            return "[" + type + (isNullable ? "?" : "") + "]"
        case .nonNull(let inner): return renderNonNull(inner, base: base)
        }
    }
}
