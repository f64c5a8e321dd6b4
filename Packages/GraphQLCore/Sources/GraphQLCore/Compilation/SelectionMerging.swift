/// Builds one selection set from selections that may repeat: fields of one response key become one
/// field whose sub-selections are merged, and a type case or conditional merges into one on the same
/// type or variable right before it.
///
/// Positions follow the server's field collection, so that a read returns keys in the order the server
/// answers them: a field keeps the position of its first occurrence the app selected (a field the
/// compiler added, such as a fragment's `id`, gives its place up to the app's own `id` after it), and a
/// type case or conditional does not merge into an earlier one across other selections
/// (`... on User { name } id ... on User { email }` reads `name, id, email`).
struct SelectionMerging {
    private(set) var selections: [CompiledSelection] = []
    private var fieldIndex: [String: Int] = [:]

    init() {}

    /// Adds a selection, merging it into an earlier one where they share a key.
    mutating func add(_ selection: CompiledSelection) {
        switch selection {
        case .field(let field):
            guard let index = fieldIndex[field.responseKey], case .field(var existing) = selections[index] else {
                fieldIndex[field.responseKey] = selections.count
                selections.append(selection)
                return
            }
            // Selected once outside a deferred fragment, it comes in the initial part.
            existing.isDeferred = existing.isDeferred && field.isDeferred
            existing.isStreamed = existing.isStreamed || field.isStreamed
            if let incoming = field.selectionSet {
                existing.selectionSet = Self.merge(existing.selectionSet ?? CompiledSelectionSet([]), incoming)
            }
            if existing.isAddedByClient && !field.isAddedByClient {
                // The app selects it here: the field moves to the app's position.
                existing.isAddedByClient = false
                selections.remove(at: index)
                for (key, position) in fieldIndex where position > index { fieldIndex[key] = position - 1 }
                fieldIndex[field.responseKey] = selections.count
                selections.append(.field(existing))
            } else {
                selections[index] = .field(existing)
            }
        case .typeCase(let typeCase):
            guard case .typeCase(var existing)? = selections.last, existing.typeCondition == typeCase.typeCondition
            else {
                selections.append(selection)
                return
            }
            existing.selectionSet = Self.merge(existing.selectionSet, typeCase.selectionSet)
            selections[selections.count - 1] = .typeCase(existing)
        case .conditional(let conditional):
            guard case .conditional(var existing)? = selections.last, existing.variable == conditional.variable,
                existing.passingValue == conditional.passingValue
            else {
                selections.append(selection)
                return
            }
            existing.selectionSet = Self.merge(existing.selectionSet, conditional.selectionSet)
            selections[selections.count - 1] = .conditional(existing)
        }
    }

    /// The merged selection set.
    var selectionSet: CompiledSelectionSet { CompiledSelectionSet(selections) }

    /// `first` with `second`'s selections merged in.
    static func merge(_ first: CompiledSelectionSet, _ second: CompiledSelectionSet) -> CompiledSelectionSet {
        var merging = SelectionMerging()
        for selection in first.selections { merging.add(selection) }
        for selection in second.selections { merging.add(selection) }
        return merging.selectionSet
    }
}
