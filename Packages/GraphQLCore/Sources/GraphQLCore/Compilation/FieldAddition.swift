/// Rewrites executable definitions into what is sent and compiled: `__typename` and key fields added
/// so the store can always normalize, client-only directives removed.
///
/// Where fields are added:
/// - `__typename` in every selection set but an operation's root and a fragment on a root type (the
///   root record is the store's own) and an inline fragment's (its parent selection set has it).
/// - Each key field (``CompilationOptions/keyFields(of:)``) that the selection set's type has, when
///   that set does not select it already; in an inline fragment only when the parent's type lacks it
///   (so `... on User { id }` appears under a union, not under `Node`). Nothing is added where the
///   type is unknown, so without a schema only `__typename` is added.
struct FieldAddition {
    let schema: (any CompilationSchema)?
    let options: CompilationOptions

    func transform(_ operation: OperationDefinition) -> OperationDefinition {
        var operation = operation
        operation.directives = Self.strip(operation.directives)
        operation.variableDefinitions = operation.variableDefinitions.map {
            var definition = $0
            definition.directives = Self.strip(definition.directives)
            return definition
        }
        let rootType = schema?.rootTypeName(for: operation.kind)
        operation.selectionSet = transform(operation.selectionSet, type: rootType, parentType: nil, role: .root)
        return operation
    }

    func transform(_ fragment: FragmentDefinition) -> FragmentDefinition {
        var fragment = fragment
        fragment.directives = Self.strip(fragment.directives)
        let isRoot = OperationKind.allKinds.contains { kind in
            (schema?.rootTypeName(for: kind) ?? CompiledDocument.conventionalRootTypeName(kind))
                == fragment.typeCondition
        }
        fragment.selectionSet = transform(
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
    private func transform(_ set: SelectionSet, type: String?, parentType: String?, role: Role) -> SelectionSet {
        var set = set
        for index in set.selections.indices {
            set.selections[index] = transform(set.selections[index], type: type)
        }
        if role != .root { addFields(to: &set, type: type, parentType: parentType, role: role) }
        return set
    }

    private func transform(_ selection: Selection, type: String?) -> Selection {
        switch selection {
        case .field(let field): .field(transform(field, type: type))
        case .fragmentSpread(let spread):
            .fragmentSpread(
                FragmentSpread(name: spread.name, directives: Self.strip(spread.directives), location: spread.location))
        case .inlineFragment(let fragment): .inlineFragment(transform(fragment, type: type))
        }
    }

    private func transform(_ field: Field, type: String?) -> Field {
        var field = field
        field.directives = Self.strip(field.directives)
        if let selectionSet = field.selectionSet {
            let fieldType = type.flatMap { schema?.fieldType(field.name, on: $0)?.namedType }
            field.selectionSet = transform(selectionSet, type: fieldType, parentType: type, role: .field)
        }
        return field
    }

    private func transform(_ fragment: InlineFragment, type: String?) -> InlineFragment {
        var fragment = fragment
        fragment.directives = Self.strip(fragment.directives)
        fragment.selectionSet = transform(
            fragment.selectionSet, type: fragment.typeCondition ?? type, parentType: type, role: .inlineFragment)
        return fragment
    }

    private func addFields(to set: inout SelectionSet, type: String?, parentType: String?, role: Role) {
        var selected = Set<String>()
        for case .field(let field) in set.selections { selected.insert(field.responseKey) }
        if role != .inlineFragment, !selected.contains("__typename") {
            set.selections.append(.field(Field(name: "__typename")))
            selected.insert("__typename")
        }
        guard let schema, let type else { return }
        for key in options.keyFields(of: type) where !selected.contains(key) {
            guard schema.fieldType(key, on: type) != nil else { continue }
            if role == .inlineFragment, let parentType, schema.fieldType(key, on: parentType) != nil { continue }
            set.selections.append(.field(Field(name: key)))
            selected.insert(key)
        }
    }

    private static func strip(_ directives: [Directive]) -> [Directive] {
        directives.filter { !ClientDirectives.names.contains($0.name) }
    }
}

extension OperationKind {
    /// Every kind, for questions about all root types.
    static let allKinds: [OperationKind] = [.query, .mutation, .subscription]
}
