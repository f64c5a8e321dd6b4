/// Compiles a selection set of the (already rewritten) document into the tree the store walks.
///
/// - Fragment spreads and inline fragments are inlined. Their selections merge into the parent when
///   their type condition covers the parent's type (every object of the parent's type satisfies it);
///   otherwise they become a ``CompiledTypeCase`` whose possible types come from the schema.
/// - `@include` / `@skip` with a literal are applied here; with a variable they wrap the selection
///   in a ``CompiledConditional``.
/// - Fields are compiled with their arguments (see ``LiteralConversion``) and merged by response key.
struct SelectionCompiler {
    let fragments: [String: FragmentDefinition]
    let schema: (any CompilationSchema)?

    /// The compiled form of `set`, whose objects are of type `parentType` (`nil` when unknown).
    func compile(_ set: SelectionSet, parentType: String?) throws(GraphQLCoreError) -> CompiledSelectionSet {
        var merging = SelectionMerging()
        try collect(set, parentType: parentType, spreading: [], into: &merging)
        return merging.selectionSet
    }

    // The recursion is split into small functions so that each level of nesting costs little stack:
    // a document at the parser's depth limit must compile on a 512 KB secondary thread.
    private func collect(
        _ set: SelectionSet, parentType: String?, spreading: [String], into merging: inout SelectionMerging
    ) throws(GraphQLCoreError) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                try collect(field, parentType: parentType, spreading: spreading, into: &merging)
            case .inlineFragment(let fragment):
                guard let conditions = try Self.conditions(fragment.directives) else { continue }
                try collectFragment(
                    fragment.selectionSet, typeCondition: fragment.typeCondition, conditions: conditions,
                    parentType: parentType, spreading: spreading, into: &merging)
            case .fragmentSpread(let spread):
                try collect(spread, parentType: parentType, spreading: spreading, into: &merging)
            }
        }
    }

    private func collect(
        _ field: Field, parentType: String?, spreading: [String], into merging: inout SelectionMerging
    ) throws(GraphQLCoreError) {
        guard let conditions = try Self.conditions(field.directives) else { return }
        let compiled = try compile(field, parentType: parentType, spreading: spreading)
        merging.add(Self.wrap(.field(compiled), in: conditions))
    }

    private func collect(
        _ spread: FragmentSpread, parentType: String?, spreading: [String], into merging: inout SelectionMerging
    ) throws(GraphQLCoreError) {
        guard let conditions = try Self.conditions(spread.directives) else { return }
        guard let definition = fragments[spread.name] else {
            throw GraphQLCoreError(
                .validation, "Unknown fragment '\(spread.name)'.", locations: [spread.location.start],
                rule: "KnownFragmentNamesRule")
        }
        if spreading.contains(spread.name) { throw Self.cycle(spread, spreading: spreading) }
        try collectFragment(
            definition.selectionSet, typeCondition: definition.typeCondition, conditions: conditions,
            parentType: parentType, spreading: spreading + [spread.name], into: &merging)
    }

    private static func cycle(_ spread: FragmentSpread, spreading: [String]) -> GraphQLCoreError {
        let via = (spreading.drop { $0 != spread.name }.dropFirst() + [spread.name]).map { "'\($0)'" }
        return GraphQLCoreError(
            .validation, "Cannot spread fragment '\(spread.name)' within itself via \(via.joined(separator: ", ")).",
            locations: [spread.location.start], rule: "NoFragmentCyclesRule")
    }

    private func collectFragment(
        _ set: SelectionSet, typeCondition: String?, conditions: [Condition], parentType: String?,
        spreading: [String], into merging: inout SelectionMerging
    ) throws(GraphQLCoreError) {
        let applies = typeCondition.map { covers($0, parentType) } ?? true
        if applies && conditions.isEmpty {
            try collect(set, parentType: parentType, spreading: spreading, into: &merging)
            return
        }
        var inner = SelectionMerging()
        let innerType = applies ? parentType : typeCondition
        try collect(set, parentType: innerType, spreading: spreading, into: &inner)
        var selection: CompiledSelection
        if let typeCondition, !applies {
            selection = .typeCase(
                CompiledTypeCase(
                    typeCondition: typeCondition, possibleTypes: schema?.possibleTypeNames(of: typeCondition),
                    selectionSet: inner.selectionSet))
        } else {
            // Only conditions apply: wrap the selections themselves, innermost condition first.
            guard let last = conditions.last else { return }
            selection = .conditional(
                CompiledConditional(
                    variable: last.variable, passingValue: last.passingValue, selectionSet: inner.selectionSet))
            merging.add(Self.wrap(selection, in: conditions.dropLast()))
            return
        }
        merging.add(Self.wrap(selection, in: conditions[...]))
    }

    private func compile(_ field: Field, parentType: String?, spreading: [String]) throws(GraphQLCoreError)
        -> CompiledField
    {
        guard let set = field.selectionSet else {
            return compiledField(field, parentType: parentType, selectionSet: nil)
        }
        let fieldType = parentType.flatMap { schema?.fieldType(field.name, on: $0)?.namedType }
        var merging = SelectionMerging()
        try collect(set, parentType: fieldType, spreading: spreading, into: &merging)
        return compiledField(field, parentType: parentType, selectionSet: merging.selectionSet)
    }

    /// The field with its arguments; with a schema, literals take the shape coercion gives them
    /// (see ``LiteralCoercion``), as variables do, so that one value gives one storage key whichever
    /// way it is passed.
    private func compiledField(_ field: Field, parentType: String?, selectionSet: CompiledSelectionSet?)
        -> CompiledField
    {
        CompiledField(
            responseKey: field.responseKey, name: field.name,
            arguments: field.arguments.map {
                var value = LiteralConversion.argumentValue($0.value)
                if let schema, let parentType,
                    let type = schema.argumentType($0.name, ofField: field.name, on: parentType)
                {
                    value = LiteralCoercion(schema: schema).apply(to: value, type: type)
                }
                return CompiledArgument(name: $0.name, value: value)
            },
            selectionSet: selectionSet)
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
