/// Fields that share a response key in one selection, fragments included, can be merged: the same
/// field with the same arguments, or fields of object types that can never both apply, and in either
/// case types that agree (spec: Field Selection Merging).
///
/// The algorithm is graphql-core's: fields are collected once per selection set and per fragment, and
/// pairs of fragments and of (fields, fragment) already compared are remembered, so a document with
/// many fragments spreading each other costs a number of comparisons quadratic in its fragments at
/// worst, never exponential.
///
/// Before comparing, each selection set is summarized by response key, through its fragments
/// (each fragment's summary made once): a key whose fields are all the same leaf (same parent type,
/// name, arguments and type) cannot conflict, so only fragments that share some other key are
/// compared. Fragments spread side by side with distinct response names, and chains of fragments
/// that repeat a leaf, then cost time linear in the document, where graphql-core compares every pair
/// (decision record 0101). Fragments in a cycle share one summary, that of their whole cycle, so a
/// cycle costs what a chain costs (decision record 0180); the cycle itself is `NoFragmentCyclesRule`'s
/// to report. The conflicts reported, and their order, are graphql-core's.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let name = "OverlappingFieldsCanBeMergedRule"
    static let hooks: Set<ValidationHook> = [.enterFragment, .enterSelectionSet]

    private var context: ValidationContext?
    private var collected: [CollectedKey: CollectedFields] = [:]
    /// The collected fields of each fragment, `nil` for a name no fragment has.
    private var fragments: [String: CollectedFields?] = [:]
    private var nextID = 0
    private var comparedFragmentPairs = PairSet()
    /// (fields id, fragment name) -> whether compared only as mutually exclusive.
    private var comparedFieldsAndFragments: [FieldsAndFragment: Bool] = [:]
    /// The name of the fragment whose top-level selection set comes next.
    private var pendingFragmentName: String?
    /// Each fragment's fields through its spreads, by response key; every fragment of a cycle has its
    /// cycle's.
    private var summaries: [String: KeySummary] = [:]
    /// How many pairs of field sets and of fields this rule compared; tests read it to check that the
    /// work grows with the document, not with the square of its fragments.
    private(set) var comparisons = 0

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
        var fields: CollectedFields?
        // A fragment's own selection set is the one its spreads are compared with (the last definition of
        // a duplicated name is the one spreads reach).
        if let fragmentName,
            context.fragment(named: fragmentName)?.selectionSet.location.start == selectionSet.location.start
        {
            fields = fragmentFields(named: fragmentName)
        }
        let all = fields ?? collectFields(context.typeInfo.parentType, selectionSet)
        var conflicts: [Conflict] = []
        collectConflictsWithin(&conflicts, all)
        let spreads = all.spreads
        if !spreads.isEmpty && (!all.groups.isEmpty || spreads.count > 1) {
            let candidates = candidateComparisons(all)
            for (index, spread) in spreads.enumerated() {
                if candidates.withFields.contains(index) {
                    collectConflictsBetweenFieldsAndFragment(&conflicts, false, all, spread)
                }
                for other in candidates.pairs[index, default: []].sorted() {
                    collectConflictsBetweenFragments(&conflicts, false, spread, spreads[other])
                }
            }
        }
        for conflict in conflicts {
            report(
                "Fields '\(Self.abbreviated(conflict.responseName))' conflict because \(conflict.reason)."
                    + " Use different aliases on the fields to fetch both if this was intentional.",
                conflict.fields1 + conflict.fields2, context)
        }
    }

    // MARK: Collecting fields

    /// One field of a collected selection set, with what comparing it needs of its parent and definition,
    /// looked up once. A class, because entries are compared pairwise many times and copying a reference
    /// is what keeps that cheap.
    private final class FieldEntry {
        let parentTypeName: String?
        let parentIsObject: Bool
        let name: String
        let arguments: [Argument]
        let location: NodeLocation
        let selectionSet: SelectionSet?
        /// The field's type from its definition, `nil` for an unknown field.
        let type: TypeReference?
        /// The named type at the core of ``type``: the parent type of the field's own selections.
        let namedType: NamedType?
        let isLeaf: Bool
        /// The arguments of the field's first `@stream`, `nil` without one: graphql-core lets no two
        /// fields of one response key stream, nor one stream and the other not.
        let streamArguments: [Argument]?
        /// The field's own selections, collected on first comparison.
        var subfields: CollectedFields?

        init(parentType: NamedType?, field: Field, type: TypeReference?, namedType: NamedType?) {
            parentTypeName = parentType?.name
            parentIsObject = parentType?.kind == .object
            name = field.name
            arguments = field.arguments
            location = field.location
            selectionSet = field.selectionSet
            self.type = type
            self.namedType = namedType
            isLeaf = namedType?.isLeaf ?? false
            streamArguments = field.directives.first { $0.name == "stream" }?.arguments
        }
    }

    /// The fields of a selection set grouped by response key, in order, and the fragments it spreads.
    private final class CollectedFields {
        let id: Int
        var groups: [(key: String, entries: [FieldEntry])] = []
        var indexByKey: [String: Int] = [:]
        var spreads: [String] = []

        init(id: Int) { self.id = id }

        func entries(for key: String) -> [FieldEntry]? {
            indexByKey[key].map { groups[$0].entries }
        }
    }

    /// A selection set is known by where it starts in the source (the AST's nodes have no identity),
    /// and by the type it is collected on.
    private struct CollectedKey: Hashable {
        var parentType: String?
        var line: Int
        var column: Int
    }

    private func collectFields(_ parentType: NamedType?, _ selectionSet: SelectionSet) -> CollectedFields {
        let start = selectionSet.location.start
        let key =
            start.line > 0 ? CollectedKey(parentType: parentType?.name, line: start.line, column: start.column) : nil
        if let key, let cached = collected[key] { return cached }
        let result = newCollectedFields()
        var seenSpreads: Set<String> = []
        collect(parentType, selectionSet, into: result, &seenSpreads)
        if let key { collected[key] = result }
        return result
    }

    private func fragmentFields(named name: String) -> CollectedFields? {
        if let cached = fragments[name] { return cached }
        var result: CollectedFields?
        if let fragment = context?.fragment(named: name) {
            let fields = newCollectedFields()
            var seenSpreads: Set<String> = []
            collect(
                context?.schema.type(named: fragment.typeCondition), fragment.selectionSet, into: fields, &seenSpreads)
            result = fields
        }
        fragments[name] = .some(result)
        return result
    }

    private func newCollectedFields() -> CollectedFields {
        nextID += 1
        return CollectedFields(id: nextID)
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
                let type = definition?.type
                let entry = FieldEntry(
                    parentType: parentType, field: field, type: type,
                    namedType: type.flatMap { context?.schema.type(named: $0.namedType) })
                let key = field.responseKey
                if let index = result.indexByKey[key] {
                    result.groups[index].entries.append(entry)
                } else {
                    result.indexByKey[key] = result.groups.count
                    result.groups.append((key, [entry]))
                }
            case .fragmentSpread(let spread):
                // Unknown fragments contribute nothing; KnownFragmentNamesRule reports them.
                if context?.hasFragment(named: spread.name) == true && seenSpreads.insert(spread.name).inserted {
                    result.spreads.append(spread.name)
                }
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { context?.schema.type(named: $0) } ?? parentType
                collect(type, inline.selectionSet, into: result, &seenSpreads)
            }
        }
    }

    // MARK: Summaries by response key

    /// What the fields of one response key are, across a selection set and its fragments: one field
    /// (one entry, however many paths reach it, or copies of one leaf), which cannot conflict with
    /// itself, or anything else.
    private enum KeySlot {
        case sameLeaf(FieldEntry)
        case mixed
    }

    private typealias KeySummary = [String: KeySlot]

    /// The comparisons that may find a conflict in a selection set: the spreads (by index) whose
    /// fragments share a key with the set's own fields, and the pairs of spreads (the later index
    /// under the earlier one) that share a key, where that key's fields are not all one leaf.
    private func candidateComparisons(_ fields: CollectedFields) -> (withFields: Set<Int>, pairs: [Int: [Int]]) {
        let own = Self.summary(of: fields)
        var merged = own
        var spreadSummaries: [KeySummary] = []
        spreadSummaries.reserveCapacity(fields.spreads.count)
        for spread in fields.spreads {
            let summary = fragmentSummary(spread)
            Self.merge(summary, into: &merged)
            spreadSummaries.append(summary)
        }
        var withFields = Set<Int>()
        var holders: [String: [Int]] = [:]
        for (key, slot) in merged {
            guard case .mixed = slot else { continue }
            holders[key] = []
        }
        if holders.isEmpty { return ([], [:]) }
        for (index, summary) in spreadSummaries.enumerated() {
            for key in holders.keys where summary[key] != nil {
                holders[key]?.append(index)
                if own[key] != nil { withFields.insert(index) }
            }
        }
        var pairs: [Int: Set<Int>] = [:]
        for indexes in holders.values where indexes.count > 1 {
            for (position, first) in indexes.enumerated() {
                for second in indexes[(position + 1)...] { pairs[first, default: []].insert(second) }
            }
        }
        return (withFields, pairs.mapValues { Array($0) })
    }

    /// The summary of a fragment through the fragments it spreads, made once per fragment, depth first
    /// from an explicit stack (a chain of fragments may be as long as the document).
    ///
    /// The fragments that spread each other in a cycle (a strongly connected component, found as
    /// Tarjan's algorithm finds it) reach the same fields, so they share one summary, made once: a
    /// cycle of n fragments costs what a chain of n costs, and the comparisons it prunes are the
    /// chain's.
    private func fragmentSummary(_ name: String) -> KeySummary {
        if let cached = summaries[name] { return cached }
        // The order each fragment was reached in, and the earliest fragment still open it reaches.
        var order: [String: Int] = [name: 0]
        var lowest: [String: Int] = [name: 0]
        var open: [String] = [name]
        var isOpen: Set<String> = [name]
        var stack: [(name: String, next: Int)] = [(name, 0)]
        while let top = stack.indices.last {
            let current = stack[top].name
            let spreads = fragmentFields(named: current)?.spreads ?? []
            if stack[top].next < spreads.count {
                let child = spreads[stack[top].next]
                stack[top].next += 1
                if summaries[child] != nil { continue }
                if let reached = order[child] {
                    if isOpen.contains(child) { lowest[current] = min(lowest[current] ?? reached, reached) }
                    continue
                }
                order[child] = order.count
                lowest[child] = order[child]
                open.append(child)
                isOpen.insert(child)
                stack.append((child, 0))
                continue
            }
            stack.removeLast()
            let currentLowest = lowest[current] ?? 0
            if let parent = stack.last?.name { lowest[parent] = min(lowest[parent] ?? currentLowest, currentLowest) }
            guard currentLowest == order[current] else { continue }
            // `current` is the first of its component reached: the component is what is open above it.
            var members: [String] = []
            while let member = open.popLast() {
                isOpen.remove(member)
                members.append(member)
                if member == current { break }
            }
            let inComponent = Set(members)
            var summary = KeySummary()
            for member in members {
                guard let fields = fragmentFields(named: member) else { continue }
                Self.merge(Self.summary(of: fields), into: &summary)
                for spread in fields.spreads where !inComponent.contains(spread) {
                    Self.merge(summaries[spread] ?? [:], into: &summary)
                }
            }
            for member in members { summaries[member] = summary }
        }
        return summaries[name] ?? [:]
    }

    /// A set's own fields by response key.
    private static func summary(of fields: CollectedFields) -> KeySummary {
        var summary = KeySummary(minimumCapacity: fields.groups.count)
        for (key, entries) in fields.groups {
            let first = entries[0]
            summary[key] = entries.dropFirst().allSatisfy { sameLeaf(first, $0) } ? .sameLeaf(first) : .mixed
        }
        return summary
    }

    private static func merge(_ other: KeySummary, into summary: inout KeySummary) {
        for (key, slot) in other {
            switch (summary[key], slot) {
            case (nil, _):
                summary[key] = slot
            case (.sameLeaf(let first)?, .sameLeaf(let second)) where sameLeaf(first, second):
                continue
            default:
                summary[key] = .mixed
            }
        }
    }

    /// Whether two fields are the same leaf: no selections, no `@stream`, and the same parent type, name,
    /// arguments and type, so that neither can conflict with the other or differ from it in a comparison.
    private static func sameLeaf(_ entry1: FieldEntry, _ entry2: FieldEntry) -> Bool {
        entry1 === entry2
            || (entry1.selectionSet == nil && entry2.selectionSet == nil
                && entry1.streamArguments == nil && entry2.streamArguments == nil
                && entry1.parentTypeName == entry2.parentTypeName && entry1.name == entry2.name
                && entry1.type == entry2.type && sameArguments(entry1.arguments, entry2.arguments))
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
        for (key, group) in fields.groups where group.count > 1 {
            // Copies of one leaf field cannot conflict with each other.
            if group.dropFirst().allSatisfy({ Self.sameLeaf(group[0], $0) }) { continue }
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
        if fields1.groups.isEmpty || fields2.groups.isEmpty { return }
        comparisons += 1
        for (key, group1) in fields1.groups {
            guard let group2 = fields2.entries(for: key) else { continue }
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
        if fields.groups.isEmpty { return }
        let key = FieldsAndFragment(fieldsID: fields.id, fragment: fragmentName)
        if let onlyExclusive = comparedFieldsAndFragments[key], mutuallyExclusive || !onlyExclusive { return }
        comparedFieldsAndFragments[key] = mutuallyExclusive
        guard let fields2 = fragmentFields(named: fragmentName), fields !== fields2 else { return }
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
        guard let fields1 = fragmentFields(named: name1), let fields2 = fragmentFields(named: name2) else { return }
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for referenced in fields2.spreads {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, name1, referenced)
        }
        for referenced in fields1.spreads {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, referenced, name2)
        }
    }

    private func findConflictsBetweenSubfields(
        _ mutuallyExclusive: Bool, _ fields1: CollectedFields, _ fields2: CollectedFields
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
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

    private func subfields(of entry: FieldEntry, _ selectionSet: SelectionSet) -> CollectedFields {
        if let cached = entry.subfields { return cached }
        let fields = collectFields(entry.namedType, selectionSet)
        entry.subfields = fields
        return fields
    }

    private func findConflict(
        _ parentFieldsAreMutuallyExclusive: Bool, _ responseName: String, _ entry1: FieldEntry, _ entry2: FieldEntry
    ) -> Conflict? {
        comparisons += 1
        // Fields on two different object types never both apply, so they may differ in name and arguments.
        let mutuallyExclusive =
            parentFieldsAreMutuallyExclusive
            || (entry1.parentIsObject && entry2.parentIsObject && entry1.parentTypeName != entry2.parentTypeName)
        if !mutuallyExclusive {
            if entry1.name != entry2.name {
                return Conflict(
                    responseName: responseName, reason: "'\(entry1.name)' and '\(entry2.name)' are different fields",
                    fields1: [entry1.location], fields2: [entry2.location])
            }
            if !Self.sameArguments(entry1.arguments, entry2.arguments) {
                return Conflict(
                    responseName: responseName, reason: "they have differing arguments", fields1: [entry1.location],
                    fields2: [entry2.location])
            }
        }
        // Streamed items of two fields merged into one response key could not be told apart, so graphql-core
        // forbids it even where the fields could not both apply, and even when the streams are the same
        // (which earlier graphql-js alphas allowed, hence the link).
        if entry1.streamArguments != nil || entry2.streamArguments != nil {
            var reason = "they have overlapping stream directives"
            if let arguments1 = entry1.streamArguments, let arguments2 = entry2.streamArguments,
                Self.sameArguments(arguments1, arguments2)
            {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return Conflict(
                responseName: responseName, reason: reason, fields1: [entry1.location], fields2: [entry2.location])
        }
        if let type1 = entry1.type, let type2 = entry2.type, doTypesConflict(type1, type2, entry1.isLeaf, entry2.isLeaf)
        {
            return Conflict(
                responseName: responseName, reason: "they return conflicting types '\(type1)' and '\(type2)'",
                fields1: [entry1.location], fields2: [entry2.location])
        }
        guard let selectionSet1 = entry1.selectionSet, let selectionSet2 = entry2.selectionSet else { return nil }
        let subConflicts = findConflictsBetweenSubfields(
            mutuallyExclusive, subfields(of: entry1, selectionSet1), subfields(of: entry2, selectionSet2))
        if subConflicts.isEmpty { return nil }
        var reason = ""
        for conflict in subConflicts {
            reason +=
                (reason.isEmpty ? "" : " and ")
                + "subfields '\(Self.abbreviated(conflict.responseName))' conflict because \(conflict.reason)"
            if reason.unicodeScalars.count > Self.maxDetailLength { break }
        }
        return Conflict(
            responseName: responseName, reason: Self.abbreviated(reason),
            fields1: Self.conflictNodes(entry1.location, subConflicts.map(\.fields1)),
            fields2: Self.conflictNodes(entry2.location, subConflicts.map(\.fields2)))
    }

    /// graphql-core bounds a conflict's detail, whatever the document's size: reasons to 1,000
    /// characters, locations to 20.
    private static let maxDetailLength = 1000
    private static let maxConflictNodes = 20

    private static func abbreviated(_ text: String) -> String {
        guard text.unicodeScalars.count > maxDetailLength else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.prefix(maxDetailLength))
        return String(result) + "..."
    }

    /// The enclosing field, then the fields of each sub-conflict, the deepest kept when there are too many.
    private static func conflictNodes(_ first: NodeLocation, _ groups: [[NodeLocation]]) -> [NodeLocation] {
        var nodes = [first]
        for group in groups {
            let remaining = maxConflictNodes - nodes.count
            nodes += group.suffix(remaining)
            if nodes.count == maxConflictNodes { break }
        }
        return nodes
    }

    /// Whether two field types cannot be merged; `leaf1` and `leaf2` say whether their named types are leaves.
    private func doTypesConflict(_ type1: TypeReference, _ type2: TypeReference, _ leaf1: Bool, _ leaf2: Bool) -> Bool {
        switch (type1, type2) {
        case (.list(let item1), .list(let item2)): return doTypesConflict(item1, item2, leaf1, leaf2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return doTypesConflict(inner1, inner2, leaf1, leaf2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)): return (leaf1 || leaf2) && name1 != name2
        }
    }

    /// The same argument names with the same values, in any order.
    private static func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        if arguments1.count != arguments2.count { return false }
        return arguments1.allSatisfy { argument1 in
            guard let argument2 = arguments2.first(where: { $0.name == argument1.name }) else { return false }
            return sameValue(argument1.value, argument2.value)
        }
    }

    /// Values equal as graphql-core compares them: input object fields in any order, a block string
    /// unlike the same quoted string, `1` unlike `1.0`.
    private static func sameValue(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a.value == b.value && a.isBlock == b.isBlock
        case (.list(let a), .list(let b)): return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            let sortedA = a.sorted { $0.name < $1.name }
            let sortedB = b.sorted { $0.name < $1.name }
            return zip(sortedA, sortedB).allSatisfy { $0.name == $1.name && sameValue($0.value, $1.value) }
        default: return lhs == rhs
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
