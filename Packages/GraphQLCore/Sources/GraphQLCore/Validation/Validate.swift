/// Validates an executable document against a schema with every rule of the spec's Validation section
/// that applies to a client, and returns what breaks them, sorted by location (empty when valid).
///
/// The rules are graphql-core 3.3's `specified_rules`: those of the draft's `@defer` and `@stream`
/// (applied by the directives' names, whether or not the schema declares them) and the recommended
/// `MaxIntrospectionDepthRule` (introspection nesting `fields`, `interfaces`, `possibleTypes` or
/// `inputFields` three deep) included.
///
/// Each error has code ``GraphQLCoreError/Code/validation``, the failing rule's graphql-core class name
/// in ``GraphQLCoreError/rule`` (for example `FieldsOnCorrectTypeRule`), graphql-core's message and the
/// locations of the nodes at fault. Values inside arguments carry no location of their own in the AST,
/// so an error about a value is located at the argument, input field or variable definition holding it.
///
/// A document found valid is remembered by the schema (the last few), so that
/// ``CompiledDocument/init(document:schema:options:)`` does not validate it a second time.
public func validate(_ document: Document, against schema: Schema) -> [GraphQLCoreError] {
    schema.validatedDocuments.countValidation()
    return LargeStack.run(depth: DocumentDepth.of(document)) {
        let errors = validateOnThisStack(document, schema)
        if errors.isEmpty { schema.validatedDocuments.insert(document) }
        return errors
    }
}

private func validateOnThisStack(_ document: Document, _ schema: Schema) -> [GraphQLCoreError] {
    let context = ValidationContext(schema: schema, document: document)
    var walker = DocumentWalker(context: context, rules: specifiedRules())
    walker.walk()
    return context.errors.enumerated().sorted { lhs, rhs in
        let left = lhs.element.locations.first.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
        let right = rhs.element.locations.first.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
        return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
}

/// The rules in graphql-core 3.3's `specified_rules` order, each a fresh instance holding its own state.
func specifiedRules() -> [any ValidationRule] {
    [
        ExecutableDefinitionsRule(), KnownOperationTypesRule(), UniqueOperationNamesRule(),
        LoneAnonymousOperationRule(), SingleFieldSubscriptionsRule(), KnownTypeNamesRule(),
        FragmentsOnCompositeTypesRule(), VariablesAreInputTypesRule(), ScalarLeafsRule(),
        FieldsOnCorrectTypeRule(), UniqueFragmentNamesRule(), KnownFragmentNamesRule(), NoUnusedFragmentsRule(),
        PossibleFragmentSpreadsRule(), NoFragmentCyclesRule(), UniqueVariableNamesRule(),
        NoUndefinedVariablesRule(), NoUnusedVariablesRule(), KnownDirectivesRule(),
        UniqueDirectivesPerLocationRule(), DeferStreamDirectiveOnRootField(),
        DeferStreamDirectiveOnValidOperationsRule(), DeferStreamDirectiveLabel(), StreamDirectiveOnListField(),
        KnownArgumentNamesRule(), UniqueArgumentNamesRule(), ValuesOfCorrectTypeRule(),
        ProvidedRequiredArgumentsRule(), VariablesInAllowedPositionRule(), OverlappingFieldsCanBeMergedRule(),
        UniqueInputFieldNamesRule(),
        // graphql-core's `recommended_rules`, which its `specified_rules` ends with.
        MaxIntrospectionDepthRule(),
        // The client's own: `@catch(to:)` takes RESULT or NULL.
        CatchDirectiveRule(),
    ]
}
