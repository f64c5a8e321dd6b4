/// Compiles a selection set of the (already rewritten) document into the tree the store walks.
///
/// - Fragment spreads and inline fragments are inlined. Their selections merge into the parent when
///   their type condition covers the parent's type (every object of the parent's type satisfies it);
///   otherwise they become a ``CompiledTypeCase`` whose possible types come from the schema.
/// - `@include` / `@skip` with a literal are applied here; with a variable they wrap the selection
///   in a ``CompiledConditional``.
/// - Fields are compiled with their arguments (see ``LiteralConversion``) and merged by response key.
///
/// Each fragment is compiled once for each type its selections are compiled on, and a spread then
/// merges that compiled set: a chain of fragments spreading each other is walked with an explicit
/// stack, not by recursion, so its length costs neither stack nor repeated work (a chain of 1,000
/// fragments nests one selection level per fragment, which the parser's depth limit does not see).
/// Fields and inline fragments still recurse, bounded by the parser's depth limit.
struct SelectionCompiler {
    let fragments: [String: FragmentDefinition]
    let schema: (any CompilationSchema)?
    /// Each fragment's selections compiled on one type: the parent's type when the fragment's
    /// condition covers it, else the condition's type.
    private var compiledFragments: [FragmentKey: CompiledSelectionSet] = [:]
    /// How many fragment selection sets were compiled; tests read it to check each is compiled once.
    private(set) var fragmentCompilations = 0

    init(fragments: [String: FragmentDefinition], schema: (any CompilationSchema)?) {
        self.fragments = fragments
        self.schema = schema
    }

    /// A fragment and the type its selections are compiled on.
    private struct FragmentKey: Hashable {
        var name: String
        var type: String?
    }

    /// The compiled form of `set`, whose objects are of type `parentType` (`nil` when unknown).
    mutating func compile(_ set: SelectionSet, parentType: String?) throws(GraphQLCoreError) -> CompiledSelectionSet {
        try compileFragments(spreadIn: set, parentType: parentType)
        var merging = SelectionMerging()
        try collect(set, parentType: parentType, into: &merging)
        return merging.selectionSet
    }

    // MARK: Fragments, depth first without recursion

    /// What compiling a selection set needs first, in the order the set reaches it: a fragment
    /// compiled on a type, or an error found on the way (which ends the list, so that errors are
    /// thrown in the order a depth-first walk meets them).
    private enum Step {
        case fragment(FragmentSpread, type: String?)
        case failure(GraphQLCoreError)
    }

    /// Compiles every fragment `set` reaches, each before the fragments that spread it, with one
    /// frame per fragment on an explicit stack; a fragment reached again while it is being compiled
    /// is a cycle.
    private mutating func compileFragments(spreadIn set: SelectionSet, parentType: String?)
        throws(GraphQLCoreError)
    {
        struct Frame {
            var key: FragmentKey?
            var steps: [Step]
            var next = 0
        }
        var rootSteps: [Step] = []
        steps(of: set, parentType: parentType, into: &rootSteps)
        if rootSteps.isEmpty { return }
        var stack = [Frame(key: nil, steps: rootSteps)]
        var path: [String] = []
        var onPath = Set<String>()
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].steps.count else {
                let frame = stack.removeLast()
                guard let key = frame.key, let definition = fragments[key.name] else { continue }
                path.removeLast()
                onPath.remove(key.name)
                var merging = SelectionMerging()
                try collect(definition.selectionSet, parentType: key.type, into: &merging)
                compiledFragments[key] = merging.selectionSet
                fragmentCompilations += 1
                continue
            }
            let step = stack[top].steps[stack[top].next]
            stack[top].next += 1
            switch step {
            case .failure(let error):
                throw error
            case .fragment(let spread, let type):
                let key = FragmentKey(name: spread.name, type: type)
                if compiledFragments[key] != nil { continue }
                if onPath.contains(spread.name) { throw Self.cycle(spread, spreading: path) }
                guard let definition = fragments[spread.name] else { throw Self.unknown(spread) }
                var steps: [Step] = []
                self.steps(of: definition.selectionSet, parentType: type, into: &steps)
                stack.append(Frame(key: key, steps: steps))
                path.append(spread.name)
                onPath.insert(spread.name)
            }
        }
    }

    /// Appends what compiling `set` on `parentType` needs, walking fields and inline fragments as
    /// ``collect(_:parentType:into:)`` does; returns `false` once an error has been appended.
    @discardableResult
    private func steps(of set: SelectionSet, parentType: String?, into steps: inout [Step]) -> Bool {
        for selection in set.selections {
            let directives: [Directive]
            switch selection {
            case .field(let field): directives = field.directives
            case .inlineFragment(let fragment): directives = fragment.directives
            case .fragmentSpread(let spread): directives = spread.directives
            }
            let conditions: [Condition]?
            do {
                conditions = try Self.conditions(directives)
            } catch {
                steps.append(.failure(error))
                return false
            }
            guard conditions != nil else { continue }
            switch selection {
            case .field(let field):
                guard let nested = field.selectionSet else { continue }
                let declared = parentType.flatMap { schema?.fieldType(field.name, on: $0) }
                if !self.steps(of: nested, parentType: declared?.namedType, into: &steps) { return false }
            case .inlineFragment(let fragment):
                let type = innerType(fragment.typeCondition, parentType)
                if !self.steps(of: fragment.selectionSet, parentType: type, into: &steps) { return false }
            case .fragmentSpread(let spread):
                guard let definition = fragments[spread.name] else {
                    steps.append(.failure(Self.unknown(spread)))
                    return false
                }
                steps.append(.fragment(spread, type: innerType(definition.typeCondition, parentType)))
            }
        }
        return true
    }

    /// The type a fragment's selections are compiled on: the parent's when the condition covers it
    /// (they merge into the parent), else the condition's.
    private func innerType(_ typeCondition: String?, _ parentType: String?) -> String? {
        guard let typeCondition else { return parentType }
        return covers(typeCondition, parentType) ? parentType : typeCondition
    }

    private static func unknown(_ spread: FragmentSpread) -> GraphQLCoreError {
        GraphQLCoreError(
            .validation, "Unknown fragment '\(spread.name)'.", locations: [spread.location.start],
            rule: "KnownFragmentNamesRule")
    }

    private static func cycle(_ spread: FragmentSpread, spreading: [String]) -> GraphQLCoreError {
        let via = (spreading.drop { $0 != spread.name }.dropFirst() + [spread.name]).map { "'\($0)'" }
        return GraphQLCoreError(
            .validation, "Cannot spread fragment '\(spread.name)' within itself via \(via.joined(separator: ", ")).",
            locations: [spread.location.start], rule: "NoFragmentCyclesRule")
    }

    // MARK: Selections

    // The recursion is split into small functions so that each level of nesting costs little stack:
    // a document at the parser's depth limit must compile on a 512 KB secondary thread.
    private func collect(_ set: SelectionSet, parentType: String?, into merging: inout SelectionMerging)
        throws(GraphQLCoreError)
    {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                try collect(field, parentType: parentType, into: &merging)
            case .inlineFragment(let fragment):
                try collect(fragment, parentType: parentType, into: &merging)
            case .fragmentSpread(let spread):
                try collect(spread, parentType: parentType, into: &merging)
            }
        }
    }

    /// An inline fragment's selections, placed under its type condition; its own frame, so that the
    /// temporaries it needs do not sit in every level of the field recursion.
    @inline(never)
    private func collect(_ fragment: InlineFragment, parentType: String?, into merging: inout SelectionMerging)
        throws(GraphQLCoreError)
    {
        guard let conditions = try Self.conditions(fragment.directives) else { return }
        let type = innerType(fragment.typeCondition, parentType)
        var inner = SelectionMerging()
        try collect(fragment.selectionSet, parentType: type, into: &inner)
        let selections =
            Self.isActive("defer", fragment.directives) ? inner.selectionSet.deferred() : inner.selectionSet
        place(
            selections, typeCondition: fragment.typeCondition, conditions: conditions, parentType: parentType,
            into: &merging)
    }

    @inline(never)
    private func collect(_ spread: FragmentSpread, parentType: String?, into merging: inout SelectionMerging)
        throws(GraphQLCoreError)
    {
        guard let conditions = try Self.conditions(spread.directives) else { return }
        guard let definition = fragments[spread.name] else { throw Self.unknown(spread) }
        let key = FragmentKey(name: spread.name, type: innerType(definition.typeCondition, parentType))
        // compileFragments(spreadIn:parentType:) compiled every fragment this set reaches.
        guard let compiled = compiledFragments[key] else { throw Self.unknown(spread) }
        place(
            Self.isActive("defer", spread.directives) ? compiled.deferred() : compiled,
            typeCondition: definition.typeCondition, conditions: conditions, parentType: parentType, into: &merging)
    }

    private func collect(_ field: Field, parentType: String?, into merging: inout SelectionMerging)
        throws(GraphQLCoreError)
    {
        guard let conditions = try Self.conditions(field.directives) else { return }
        let compiled = try compile(field, parentType: parentType)
        merging.add(Self.wrap(.field(compiled), in: conditions))
    }

    /// Puts a fragment's compiled selections into the parent: merged in when its condition covers the
    /// parent's type and no variable decides it, else as a type case or inside conditionals.
    private func place(
        _ inner: CompiledSelectionSet, typeCondition: String?, conditions: [Condition], parentType: String?,
        into merging: inout SelectionMerging
    ) {
        let applies = typeCondition.map { covers($0, parentType) } ?? true
        if applies && conditions.isEmpty {
            for selection in inner.selections { merging.add(selection) }
            return
        }
        if let typeCondition, !applies {
            let selection = CompiledSelection.typeCase(
                CompiledTypeCase(
                    typeCondition: typeCondition, possibleTypes: schema?.possibleTypeNames(of: typeCondition),
                    selectionSet: inner))
            merging.add(Self.wrap(selection, in: conditions[...]))
            return
        }
        // Only conditions apply: wrap the selections themselves, innermost condition first.
        guard let last = conditions.last else { return }
        let selection = CompiledSelection.conditional(
            CompiledConditional(variable: last.variable, passingValue: last.passingValue, selectionSet: inner))
        merging.add(Self.wrap(selection, in: conditions.dropLast()))
    }

    private func compile(_ field: Field, parentType: String?) throws(GraphQLCoreError) -> CompiledField {
        let declared = parentType.flatMap { schema?.fieldType(field.name, on: $0) }
        guard let set = field.selectionSet else {
            return try compiledField(field, parentType: parentType, declared: declared, selectionSet: nil)
        }
        var merging = SelectionMerging()
        try collect(set, parentType: declared?.namedType, into: &merging)
        return try compiledField(field, parentType: parentType, declared: declared, selectionSet: merging.selectionSet)
    }

    /// The field with its arguments, shape and connection; with a schema, literals take the shape
    /// coercion gives them (see ``LiteralCoercion``), as variables do, so that one value gives one
    /// storage key whichever way it is passed.
    ///
    /// Never inlined: `compile(_:parentType:)` recurses once per level of nesting, so its frame is
    /// what a document at the nesting limit costs the stack; the work done once per field stays in
    /// this frame, which is gone before the next level starts.
    @inline(never)
    private func compiledField(
        _ field: Field, parentType: String?, declared: TypeReference?, selectionSet: CompiledSelectionSet?
    ) throws(GraphQLCoreError) -> CompiledField {
        let shape = declared.flatMap { FieldShape($0, kind: schema?.typeKind(of: $0.namedType)) }
        let objectTypeName =
            selectionSet == nil
            ? nil : declared.flatMap { schema?.typeKind(of: $0.namedType) == .object ? $0.namedType : nil }
        let arguments = field.arguments.map {
            var value = LiteralConversion.argumentValue($0.value)
            if let schema, let parentType,
                let type = schema.argumentType($0.name, ofField: field.name, on: parentType)
            {
                value = LiteralCoercion(schema: schema).apply(to: value, type: type)
            }
            return CompiledArgument(name: $0.name, value: value)
        }.sorted { $0.name < $1.name }
        let connection =
            field.clientDirectives.isEmpty
            ? nil
            : try ConnectionDirective.connection(
                of: field, parentType: parentType, arguments: arguments, selectionSet: selectionSet, schema: schema)
        return CompiledField(
            responseKey: field.responseKey, name: field.name, arguments: arguments, selectionSet: selectionSet,
            shape: shape, isAddedByClient: field.isAddedByClient, objectTypeName: objectTypeName,
            isStreamed: Self.isActive("stream", field.directives), connection: connection,
            redirect: selectionSet == nil ? nil : parentType.flatMap { schema?.redirect(ofField: field.name, on: $0) })
    }

    /// Whether `@defer` or `@stream` (by `name`) is on a selection with an `if` other than the literal
    /// `false`: a variable may turn it on, so the part may come later.
    static func isActive(_ name: String, _ directives: [Directive]) -> Bool {
        guard let directive = directives.first(where: { $0.name == name }) else { return false }
        if case .boolean(false)? = directive.arguments.first(where: { $0.name == "if" })?.value { return false }
        return true
    }

    /// Whether a fragment on `typeCondition` always applies to an object of `parentType`.
    private func covers(_ typeCondition: String, _ parentType: String?) -> Bool {
        guard let parentType else { return false }
        if let schema { return schema.typeCondition(typeCondition, covers: parentType) }
        return typeCondition == parentType
    }

    /// An `@include` / `@skip` on a variable.
    struct Condition: Equatable {
        var variable: String
        var passingValue: Bool
    }

    /// The variable conditions on a selection, or `nil` when a literal condition drops it.
    static func conditions(_ directives: [Directive]) throws(GraphQLCoreError) -> [Condition]? {
        var conditions: [Condition] = []
        for directive in directives where directive.name == "include" || directive.name == "skip" {
            let passingValue = directive.name == "include"
            switch directive.arguments.first(where: { $0.name == "if" })?.value {
            case .boolean(let value)?:
                if value != passingValue { return nil }
            case .variable(let name)?:
                conditions.append(Condition(variable: name, passingValue: passingValue))
            default:
                throw GraphQLCoreError(
                    .validation, "Directive '@\(directive.name)' needs the argument 'if: Boolean!'.",
                    locations: [directive.location.start], rule: "ProvidedRequiredArgumentsRule")
            }
        }
        return conditions
    }

    /// `selection` inside the conditionals, the first condition outermost.
    static func wrap(_ selection: CompiledSelection, in conditions: ArraySlice<Condition>) -> CompiledSelection {
        var wrapped = selection
        for condition in conditions.reversed() {
            wrapped = .conditional(
                CompiledConditional(
                    variable: condition.variable, passingValue: condition.passingValue,
                    selectionSet: CompiledSelectionSet([wrapped])))
        }
        return wrapped
    }

    static func wrap(_ selection: CompiledSelection, in conditions: [Condition]) -> CompiledSelection {
        wrap(selection, in: conditions[...])
    }
}
