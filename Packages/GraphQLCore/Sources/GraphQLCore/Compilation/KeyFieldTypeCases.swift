extension FieldAddition {
    /// Adds `... on T { key fields }` to a selection set on an abstract type for each possible type `T`
    /// with key fields the set does not select, so that every object reached through a union (or an
    /// interface without the key fields) is stored under its key-field ID whatever fragments the
    /// operation has, and two operations reach one record.
    ///
    /// A type that already has an unconditional inline fragment of its own is left alone: that
    /// fragment got the key fields when it was rewritten. Types are visited in name order so that the
    /// text, and so the operation's identity, does not depend on set order.
    func addKeyFieldTypeCases(to set: inout SelectionSet, type: String?) {
        guard let schema, let type else { return }
        switch schema.typeKind(of: type) {
        case .union?, .interface?: break
        default: return
        }
        var selected = Set<String>()
        var covered = Set<String>()
        for selection in set.selections {
            switch selection {
            case .field(let field) where field.alias == nil: selected.insert(field.name)
            case .inlineFragment(let fragment) where fragment.directives.isEmpty:
                if let condition = fragment.typeCondition { covered.insert(condition) }
            default: break
            }
        }
        for possibleType in schema.possibleTypeNames(of: type).sorted() where !covered.contains(possibleType) {
            let keys = options.keyFields(of: possibleType).filter {
                !selected.contains($0) && schema.fieldType($0, on: possibleType) != nil
            }
            guard !keys.isEmpty else { continue }
            let fields = keys.map { Selection.field(FieldAddition.added($0)) }
            set.selections.append(
                .inlineFragment(
                    InlineFragment(typeCondition: possibleType, selectionSet: SelectionSet(selections: fields))))
        }
    }
}
