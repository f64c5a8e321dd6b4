/// Rewrites executable definitions into what is sent and compiled: `__typename` and key fields added
/// so the store can always normalize, client-only directives and descriptions removed (older servers
/// reject descriptions on executable definitions, and they mean nothing to execution).
///
/// Where fields are added:
/// - `__typename` in every selection set but an operation's root and a fragment on a root type (the
///   root record is the store's own) and an inline fragment's (its parent selection set has it).
/// - Each key field (``CompilationOptions/keyFields(of:)``) that the selection set's type has, when
///   that set does not select it already without `@include`/`@skip`; in an inline fragment only when the parent's type lacks it
///   (so `... on User { id }` appears under a union, not under `Node`). Nothing is added where the
///   type is unknown, so without a schema only `__typename` is added.
/// - Under a union or interface field (or fragment definition), `... on T { key fields }` for each possible
///   type `T` whose key fields the set does not select (see `KeyFieldTypeCases.swift`).
///
/// An alias that takes the response key of a key field the type has, or of `__typename`, for another
/// field is an error (``GraphQLCoreError/Code/keyFieldAlias``): the store would key or type the object
/// by that other field's value.
struct FieldAddition {
    let schema: (any CompilationSchema)?
    let options: CompilationOptions
    /// Whether client directives stay where they were written: for a text the client compiles again
    /// (a generated operation's ``GraphQLTypedOperation/clientText``), never for one it sends.
    var keepsClientDirectives = false

    func transform(_ operation: OperationDefinition) throws(GraphQLCoreError) -> OperationDefinition {
        var operation = operation
        operation.description = nil
        operation.directives = strip(operation.directives)
        operation.variableDefinitions = operation.variableDefinitions.map {
            var definition = $0
            definition.description = nil
            definition.directives = strip(definition.directives)
            return definition
        }
        let rootType = schema?.rootTypeName(for: operation.kind)
        operation.selectionSet = try transform(operation.selectionSet, type: rootType, parentType: nil, role: .root)
        return operation
    }

    func transform(_ fragment: FragmentDefinition) throws(GraphQLCoreError) -> FragmentDefinition {
        var fragment = fragment
        fragment.description = nil
        fragment.directives = strip(fragment.directives)
        let isRoot = OperationKind.allCases.contains { kind in
            (schema?.rootTypeName(for: kind) ?? CompiledDocument.conventionalRootTypeName(kind))
                == fragment.typeCondition
        }
        fragment.selectionSet = try transform(
            fragment.selectionSet, type: fragment.typeCondition, parentType: nil,
            role: isRoot ? .root : .fragmentDefinition)
        return fragment
    }

    private enum Role {
        case root
        case field
        case fragmentDefinition
        case inlineFragment
    }

    // The recursion is split into small functions so that each level of nesting costs little stack:
    // a document at the parser's depth limit must compile on a 512 KB secondary thread.
    private func transform(_ set: SelectionSet, type: String?, parentType: String?, role: Role)
        throws(GraphQLCoreError) -> SelectionSet
    {
        var set = set
        for index in set.selections.indices {
            set.selections[index] = try transform(set.selections[index], type: type)
        }
        try checkAliases(in: set, type: type, role: role)
        if role != .root { addFields(to: &set, type: type, parentType: parentType, role: role) }
        if role == .field || role == .fragmentDefinition { addKeyFieldTypeCases(to: &set, type: type) }
        return set
    }

    private func transform(_ selection: Selection, type: String?) throws(GraphQLCoreError) -> Selection {
        switch selection {
        case .field(let field): .field(try transform(field, type: type))
        case .fragmentSpread(let spread):
            .fragmentSpread(
                FragmentSpread(name: spread.name, directives: strip(spread.directives), location: spread.location))
        case .inlineFragment(let fragment): .inlineFragment(try transform(fragment, type: type))
        }
    }

    private func transform(_ field: Field, type: String?) throws(GraphQLCoreError) -> Field {
        var field = field
        field.clientDirectives = field.directives.filter { ClientDirectives.names.contains($0.name) }
        field.directives = strip(field.directives)
        if let selectionSet = field.selectionSet {
            let fieldType = type.flatMap { schema?.fieldType(field.name, on: $0)?.namedType }
            field.selectionSet = try transform(selectionSet, type: fieldType, parentType: type, role: .field)
        }
        return field
    }

    private func transform(_ fragment: InlineFragment, type: String?) throws(GraphQLCoreError) -> InlineFragment {
        var fragment = fragment
        fragment.directives = strip(fragment.directives)
        fragment.selectionSet = try transform(
            fragment.selectionSet, type: fragment.typeCondition ?? type, parentType: type, role: .inlineFragment)
        return fragment
    }

    /// Rejects `alias: field` where the alias is `__typename` or a key field of `type` and the field
    /// is another one: the response would carry that field's value where the store reads the type or
    /// the key. Key fields are not read on a root type (the root record is the store's own), so
    /// there only `__typename` is reserved.
    private func checkAliases(in set: SelectionSet, type: String?, role: Role) throws(GraphQLCoreError) {
        for case .field(let field) in set.selections {
            guard let alias = field.alias, alias != field.name else { continue }
            let reserved: Bool
            if alias == "__typename" {
                reserved = true
            } else if role != .root, let schema, let type, options.keyFields(of: type).contains(alias) {
                reserved = schema.fieldType(alias, on: type) != nil
            } else {
                reserved = false
            }
            guard reserved else { continue }
            let what = alias == "__typename" ? "'__typename'" : "the key field '\(alias)'"
            throw GraphQLCoreError(
                .keyFieldAlias,
                "The alias '\(alias)' on field '\(field.name)' of type '\(type ?? "unknown")' takes the name of "
                    + "\(what), which the store reads to identify the object; choose another alias.",
                locations: [field.location.start])
        }
    }

    private func addFields(to set: inout SelectionSet, type: String?, parentType: String?, role: Role) {
        var selected = Set<String>()
        // A field kept only under `@include`/`@skip` may be missing from the response, so it does not
        // count as selected: the key and the type name must always come back.
        for case .field(let field) in set.selections where !Self.isConditional(field) {
            selected.insert(field.responseKey)
        }
        if role != .inlineFragment, !selected.contains("__typename") {
            set.selections.append(.field(Self.added("__typename")))
            selected.insert("__typename")
        }
        guard let schema, let type else { return }
        for key in options.keyFields(of: type) where !selected.contains(key) {
            guard schema.fieldType(key, on: type) != nil else { continue }
            if role == .inlineFragment, let parentType, schema.fieldType(key, on: parentType) != nil { continue }
            set.selections.append(.field(Self.added(key)))
            selected.insert(key)
        }
    }

    /// A field the compiler adds, marked so that reads leave it out.
    static func added(_ name: String) -> Field {
        var field = Field(name: name)
        field.isAddedByClient = true
        return field
    }

    private static func isConditional(_ field: Field) -> Bool {
        field.directives.contains { $0.name == "include" || $0.name == "skip" }
    }

    private func strip(_ directives: [Directive]) -> [Directive] {
        keepsClientDirectives
            ? directives.filter { $0.name != CatchTarget.directiveName }
            : directives.filter { !ClientDirectives.names.contains($0.name) }
    }
}
