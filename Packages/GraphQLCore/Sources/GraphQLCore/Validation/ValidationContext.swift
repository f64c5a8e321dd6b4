/// The state shared by the rules while one document is validated: the schema, the document, the walker's
/// ``TypeInfo``, the errors so far, and lookups the rules share (fragments by name, fragment spreads,
/// variable usages), each computed once.
final class ValidationContext {
    let schema: Schema
    let document: Document
    var typeInfo = TypeInfo()
    private(set) var errors: [GraphQLCoreError] = []

    /// The index in `document.definitions` of the definition being walked.
    var currentDefinition = 0
    /// The last definition of each fragment name wins, as in graphql-core.
    private let fragmentIndexByName: [String: Int]
    private let fragmentsByName: [String: FragmentDefinition]
    private var spreadsByDefinition: [Int: [FragmentSpread]] = [:]
    private var usagesByDefinition: [Int: [VariableUsage]] = [:]
    private var recursiveUsagesByOperation: [Int: [VariableUsage]] = [:]

    init(schema: Schema, document: Document) {
        self.schema = schema
        self.document = document
        var indices: [String: Int] = [:]
        var fragments: [String: FragmentDefinition] = [:]
        for (index, definition) in document.definitions.enumerated() {
            if case .fragment(let fragment) = definition {
                indices[fragment.name] = index
                fragments[fragment.name] = fragment
            }
        }
        fragmentIndexByName = indices
        fragmentsByName = fragments
    }

    func report(rule: String, message: String, locations: [NodeLocation]) {
        // Nodes built in code have no location; an error about them has none either.
        let located = locations.map(\.start).filter { $0.line > 0 }
        errors.append(GraphQLCoreError(.validation, message, locations: located, rule: rule))
    }

    /// The fragment called `name`.
    func fragment(named name: String) -> FragmentDefinition? { fragmentsByName[name] }

    /// Whether the document defines a fragment called `name`.
    func hasFragment(named name: String) -> Bool { fragmentsByName[name] != nil }

    /// `ref` when its named type exists in the schema, as graphql-core's `type_from_ast` answers.
    func knownType(_ ref: TypeReference) -> TypeReference? {
        schema.type(named: ref.namedType) == nil ? nil : ref
    }

    /// The named type at the core of `ref`, if the schema has it.
    func namedType(_ ref: TypeReference?) -> NamedType? {
        ref.flatMap { schema.type(named: $0.namedType) }
    }

    // MARK: Fragment spreads

    /// Every fragment spread inside a selection set, nested ones included, in graphql-core's order.
    func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        var spreads: [FragmentSpread] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                }
            }
        }
        return spreads
    }

    /// The spreads in a definition's selection set, cached per definition.
    func fragmentSpreads(ofDefinition index: Int) -> [FragmentSpread] {
        if let cached = spreadsByDefinition[index] { return cached }
        let spreads: [FragmentSpread]
        switch document.definitions[index] {
        case .operation(let operation): spreads = fragmentSpreads(in: operation.selectionSet)
        case .fragment(let fragment): spreads = fragmentSpreads(in: fragment.selectionSet)
        default: spreads = []
        }
        spreadsByDefinition[index] = spreads
        return spreads
    }

    /// The indices of the fragments a definition reaches through spreads, directly or not, in the
    /// order graphql-core finds them.
    func recursivelyReferencedFragments(ofDefinition index: Int) -> [Int] {
        var fragments: [Int] = []
        var collected: Set<String> = []
        var pending = [index]
        while let next = pending.popLast() {
            for spread in fragmentSpreads(ofDefinition: next) where collected.insert(spread.name).inserted {
                if let fragmentIndex = fragmentIndexByName[spread.name] {
                    fragments.append(fragmentIndex)
                    pending.append(fragmentIndex)
                }
            }
        }
        return fragments
    }

    // MARK: Variable usages

    /// Where a variable is used and what that place expects.
    struct VariableUsage {
        var name: String
        /// The argument, input field or variable definition holding the variable.
        var location: NodeLocation
        /// The input type expected at the variable, `nil` when unknown.
        var type: TypeReference?
        /// Whether the argument or input field the variable fills has a default value.
        var hasLocationDefault: Bool
        /// The input type of the value around the variable (an input object for a field's value).
        var parentType: TypeReference?
    }

    func recordVariableUsage(_ usage: VariableUsage) {
        usagesByDefinition[currentDefinition, default: []].append(usage)
    }

    /// The variables used in a definition itself, after the walk has passed it.
    func variableUsages(ofDefinition index: Int) -> [VariableUsage] {
        usagesByDefinition[index] ?? []
    }

    /// The variables used in an operation and every fragment it reaches, after the walk; computed once per
    /// operation for the three rules that ask.
    func recursiveVariableUsages(ofOperation index: Int) -> [VariableUsage] {
        if let cached = recursiveUsagesByOperation[index] { return cached }
        var usages = variableUsages(ofDefinition: index)
        for fragment in recursivelyReferencedFragments(ofDefinition: index) {
            usages.append(contentsOf: variableUsages(ofDefinition: fragment))
        }
        recursiveUsagesByOperation[index] = usages
        return usages
    }
}
