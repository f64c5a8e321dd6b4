/// Builds one selection set from selections that may repeat: fields of one response key become one
/// field whose sub-selections are merged, type cases on one type become one, and conditionals on one
/// variable and value become one. Each keeps the position of its first occurrence.
struct SelectionMerging {
    private(set) var selections: [CompiledSelection] = []
    private var fieldIndex: [String: Int] = [:]
    private var typeCaseIndex: [String: Int] = [:]
    private var conditionalIndex: [ConditionKey: Int] = [:]

    private struct ConditionKey: Hashable {
        var variable: String
        var passingValue: Bool
    }

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
            if let incoming = field.selectionSet {
                existing.selectionSet = Self.merge(existing.selectionSet ?? CompiledSelectionSet([]), incoming)
                selections[index] = .field(existing)
            }
        case .typeCase(let typeCase):
            guard let index = typeCaseIndex[typeCase.typeCondition], case .typeCase(var existing) = selections[index]
            else {
                typeCaseIndex[typeCase.typeCondition] = selections.count
                selections.append(selection)
                return
            }
            existing.selectionSet = Self.merge(existing.selectionSet, typeCase.selectionSet)
            selections[index] = .typeCase(existing)
        case .conditional(let conditional):
            let key = ConditionKey(variable: conditional.variable, passingValue: conditional.passingValue)
            guard let index = conditionalIndex[key], case .conditional(var existing) = selections[index] else {
                conditionalIndex[key] = selections.count
                selections.append(selection)
                return
            }
            existing.selectionSet = Self.merge(existing.selectionSet, conditional.selectionSet)
            selections[index] = .conditional(existing)
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
