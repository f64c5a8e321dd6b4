/// Fields that share a response key in one selection, fragments included, can be merged: the same
/// field with the same arguments, or fields of object types that can never both apply, and in either
/// case types that agree (spec: Field Selection Merging).
///
/// The algorithm is graphql-core's: fields are collected once per selection set and per fragment, and
/// pairs of fragments and of (fields, fragment) already compared are remembered, so a document with
/// many fragments spreading each other costs a number of comparisons quadratic in its fragments at
/// worst, never exponential.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let name = "OverlappingFieldsCanBeMergedRule"

    private var context: ValidationContext?
    private var collected: [String: CollectedFields] = [:]
    private var nextID = 0
    private var comparedFragmentPairs = PairSet()
    /// (fields id, fragment name) -> compared only as mutually exclusive.
    private var comparedFieldsAndFragments: [FieldsAndFragment: Bool] = [:]
    /// The name of the fragment whose top-level selection set comes next.
    private var pendingFragmentName: String?

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        pendingFragmentName = fragment.name
    }

    func enterSelectionSet(_ selectionSet: SelectionSet, isInlineFragmentBody: Bool, _ context: ValidationContext) {
        let fragmentName = pendingFragmentName
        pendingFragmentName = nil
        // An inline fragment's fields are compared as part of the enclosing selection set.
        if isInlineFragmentBody { return }
        let selections = selectionSet.selections
        if selections.count <= 1 {
            guard case .inlineFragment? = selections.first else { return }
        }
        self.context = context
        let parentType = context.typeInfo.parentType
        let fields: CollectedFields
        if let fragmentName, let fragment = context.fragment(named: fragmentName),
            fragment.selectionSet.location.start == selectionSet.location.start
        {
            fields = fragmentFields(fragment)
        } else {
            fields = collectFields(parentType, selectionSet)
        }
        var conflicts: [Conflict] = []
        collectConflictsWithin(&conflicts, fields)
        let spreads = fields.spreads
        if !spreads.isEmpty && (!fields.order.isEmpty || spreads.count > 1) {
            for (index, spread) in spreads.enumerated() {
                collectConflictsBetweenFieldsAndFragment(&conflicts, false, fields, spread)
                for other in spreads[(index + 1)...] {
                    collectConflictsBetweenFragments(&conflicts, false, spread, other)
                }
            }
        }
        for conflict in conflicts {
            report(
                "Fields '\(conflict.responseName)' conflict because \(conflict.reason)."
                    + " Use different aliases on the fields to fetch both if this was intentional.",
                conflict.fields1 + conflict.fields2, context)
        }
    }

    // MARK: Collecting fields

    private struct FieldEntry {
        var parentType: NamedType?
        var field: Field
        var definition: FieldInfo?
    }

    /// The fields of a selection set by response key, in order, and the fragments it spreads.
    private final class CollectedFields {
        let id: Int
        var order: [String] = []
        var groups: [String: [FieldEntry]] = [:]
        var spreads: [String] = []

        init(id: Int) { self.id = id }
    }

    private func collectFields(_ parentType: NamedType?, _ selectionSet: SelectionSet) -> CollectedFields {
        let start = selectionSet.location.start
        let key = start.line > 0 ? "\(parentType?.name ?? "")|\(start.line):\(start.column)" : nil
        if let key, let cached = collected[key] { return cached }
        nextID += 1
        let result = CollectedFields(id: nextID)
        var seenSpreads: Set<String> = []
        collect(parentType, selectionSet, into: result, &seenSpreads)
        if let key { collected[key] = result }
        return result
    }

    private func fragmentFields(_ fragment: FragmentDefinition) -> CollectedFields {
        let key = "fragment:" + fragment.name
        if let cached = collected[key] { return cached }
        nextID += 1
        let result = CollectedFields(id: nextID)
        var seenSpreads: Set<String> = []
        collect(context?.schema.type(named: fragment.typeCondition), fragment.selectionSet, into: result, &seenSpreads)
        collected[key] = result
        return result
    }

    private func collect(
        _ parentType: NamedType?, _ selectionSet: SelectionSet, into result: CollectedFields,
        _ seenSpreads: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition =
                    parentType?.kind == .object || parentType?.kind == .interface
                    ? parentType?.field(named: field.name) : nil
                let key = field.responseKey
                if result.groups[key] == nil { result.order.append(key) }
                result.groups[key, default: []].append(
                    FieldEntry(parentType: parentType, field: field, definition: definition))
            case .fragmentSpread(let spread):
                // Unknown fragments contribute nothing; KnownFragmentNamesRule reports them.
                if context?.fragment(named: spread.name) != nil && seenSpreads.insert(spread.name).inserted {
                    result.spreads.append(spread.name)
                }
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { context?.schema.type(named: $0) } ?? parentType
                collect(type, inline.selectionSet, into: result, &seenSpreads)
            }
        }
    }

    // MARK: Comparing

    private struct Conflict {
        var responseName: String
        var reason: String
        var fields1: [NodeLocation]
        var fields2: [NodeLocation]
    }

    private struct FieldsAndFragment: Hashable {
        var fieldsID: Int
        var fragment: String
    }

    private func collectConflictsWithin(_ conflicts: inout [Conflict], _ fields: CollectedFields) {
        for key in fields.order {
            guard let group = fields.groups[key], group.count > 1 else { continue }
            for i in 0..<group.count {
                for j in (i + 1)..<group.count {
                    if let conflict = findConflict(false, key, group[i], group[j]) { conflicts.append(conflict) }
                }
            }
        }
    }

    private func collectConflictsBetween(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ fields1: CollectedFields,
        _ fields2: CollectedFields
    ) {
        for key in fields1.order {
            guard let group1 = fields1.groups[key], let group2 = fields2.groups[key] else { continue }
            for entry1 in group1 {
                for entry2 in group2 {
                    if let conflict = findConflict(mutuallyExclusive, key, entry1, entry2) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    private func collectConflictsBetweenFieldsAndFragment(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ fields: CollectedFields, _ fragmentName: String
    ) {
        if fields.order.isEmpty { return }
        let key = FieldsAndFragment(fieldsID: fields.id, fragment: fragmentName)
        if let onlyExclusive = comparedFieldsAndFragments[key], mutuallyExclusive || !onlyExclusive { return }
        comparedFieldsAndFragments[key] = mutuallyExclusive
        guard let fragment = context?.fragment(named: fragmentName) else { return }
        let fields2 = fragmentFields(fragment)
        if fields === fields2 { return }
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields, fields2)
        for referenced in fields2.spreads {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields, referenced)
        }
    }

    private func collectConflictsBetweenFragments(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ name1: String, _ name2: String
    ) {
        if name1 == name2 { return }
        if comparedFragmentPairs.contains(name1, name2, mutuallyExclusive: mutuallyExclusive) { return }
        comparedFragmentPairs.insert(name1, name2, mutuallyExclusive: mutuallyExclusive)
        guard let fragment1 = context?.fragment(named: name1), let fragment2 = context?.fragment(named: name2)
        else { return }
        let fields1 = fragmentFields(fragment1)
        let fields2 = fragmentFields(fragment2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for referenced in fields2.spreads {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, name1, referenced)
        }
        for referenced in fields1.spreads {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, referenced, name2)
        }
    }

    private func findConflictsBetweenSubSelectionSets(
        _ mutuallyExclusive: Bool, _ parentType1: NamedType?, _ selectionSet1: SelectionSet,
        _ parentType2: NamedType?, _ selectionSet2: SelectionSet
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        let fields1 = collectFields(parentType1, selectionSet1)
        let fields2 = collectFields(parentType2, selectionSet2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for spread in fields2.spreads {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields1, spread)
        }
        for spread in fields1.spreads {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields2, spread)
        }
        for spread1 in fields1.spreads {
            for spread2 in fields2.spreads {
                collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, spread1, spread2)
            }
        }
        return conflicts
    }

    private func findConflict(
        _ parentFieldsAreMutuallyExclusive: Bool, _ responseName: String, _ entry1: FieldEntry, _ entry2: FieldEntry
    ) -> Conflict? {
        // Fields on two different object types never both apply, so they may differ in name and arguments.
        let mutuallyExclusive =
            parentFieldsAreMutuallyExclusive
            || (entry1.parentType?.name != entry2.parentType?.name && entry1.parentType?.kind == .object
                && entry2.parentType?.kind == .object)
        let field1 = entry1.field
        let field2 = entry2.field
        if !mutuallyExclusive {
            if field1.name != field2.name {
                return Conflict(
                    responseName: responseName, reason: "'\(field1.name)' and '\(field2.name)' are different fields",
                    fields1: [field1.location], fields2: [field2.location])
            }
            if !Self.sameArguments(field1.arguments, field2.arguments) {
                return Conflict(
                    responseName: responseName, reason: "they have differing arguments", fields1: [field1.location],
                    fields2: [field2.location])
            }
        }
        let type1 = entry1.definition?.type
        let type2 = entry2.definition?.type
        if let type1, let type2, doTypesConflict(type1, type2) {
            return Conflict(
                responseName: responseName, reason: "they return conflicting types '\(type1)' and '\(type2)'",
                fields1: [field1.location], fields2: [field2.location])
        }
        guard let selectionSet1 = field1.selectionSet, let selectionSet2 = field2.selectionSet else { return nil }
        let schema = context?.schema
        let subConflicts = findConflictsBetweenSubSelectionSets(
            mutuallyExclusive, type1.flatMap { schema?.type(named: $0.namedType) }, selectionSet1,
            type2.flatMap { schema?.type(named: $0.namedType) }, selectionSet2)
        if subConflicts.isEmpty { return nil }
        return Conflict(
            responseName: responseName,
            reason: subConflicts.map { "subfields '\($0.responseName)' conflict because \($0.reason)" }
                .joined(separator: " and "),
            fields1: [field1.location] + subConflicts.flatMap(\.fields1),
            fields2: [field2.location] + subConflicts.flatMap(\.fields2))
    }

    private func doTypesConflict(_ type1: TypeReference, _ type2: TypeReference) -> Bool {
        switch (type1, type2) {
        case (.list(let item1), .list(let item2)): return doTypesConflict(item1, item2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return doTypesConflict(inner1, inner2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            let leaf1 = context?.schema.type(named: name1)?.isLeaf ?? false
            let leaf2 = context?.schema.type(named: name2)?.isLeaf ?? false
            return (leaf1 || leaf2) && name1 != name2
        }
    }

    /// The same argument names with the same values, in any order (input object fields in any order too).
    private static func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        if arguments1.count != arguments2.count { return false }
        return arguments1.allSatisfy { argument1 in
            guard let argument2 = arguments2.first(where: { $0.name == argument1.name }) else { return false }
            return comparisonKey(argument1.value) == comparisonKey(argument2.value)
        }
    }

    private static func comparisonKey(_ value: Value) -> String {
        switch value {
        case .variable(let name): return "$" + name
        case .int(let text): return "i" + text
        case .float(let text): return "f" + text
        case .string(let literal): return (literal.isBlock ? "B" : "s") + Value.string(literal).errorDescription
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return "e" + name
        case .list(let items): return "[" + items.map(comparisonKey).joined(separator: ",") + "]"
        case .object(let fields):
            return "{"
                + fields.sorted { $0.name < $1.name }.map { $0.name + ":" + comparisonKey($0.value) }
                .joined(separator: ",") + "}"
        }
    }
}

/// Unordered pairs of fragment names already compared, remembering whether only as mutually exclusive:
/// a comparison that was not mutually exclusive covers both kinds, the other covers only its own kind.
struct PairSet {
    private var data: [String: [String: Bool]] = [:]

    func contains(_ a: String, _ b: String, mutuallyExclusive: Bool) -> Bool {
        let (first, second) = a < b ? (a, b) : (b, a)
        guard let stored = data[first]?[second] else { return false }
        return mutuallyExclusive ? true : stored == mutuallyExclusive
    }

    mutating func insert(_ a: String, _ b: String, mutuallyExclusive: Bool) {
        let (first, second) = a < b ? (a, b) : (b, a)
        data[first, default: [:]][second] = mutuallyExclusive
    }
}
