/// One rule of the spec's Validation section: hooks the ``DocumentWalker`` calls as it walks a
/// document, with the ``TypeInfo`` of the node at hand in the context. Each hook defaults to nothing.
///
/// A rule is a class because it keeps state across hooks (names seen so far, for instance); a fresh
/// instance validates each document.
protocol ValidationRule: AnyObject {
    /// graphql-core's class name for the rule, reported in ``GraphQLCoreError/rule``.
    static var name: String { get }
    /// The hooks the rule implements; the walker calls only these, which keeps a field's visit from
    /// paying for two dozen empty calls.
    static var hooks: Set<ValidationHook> { get }

    func enterDocument(_ document: Document, _ context: ValidationContext)
    func leaveDocument(_ document: Document, _ context: ValidationContext)
    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext)
    func leaveOperation(_ operation: OperationDefinition, _ context: ValidationContext)
    func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext)
    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext)
    /// `isInlineFragmentBody` says the set is the body of an inline fragment, whose fields belong to the
    /// enclosing selection set's response.
    func enterSelectionSet(_ selectionSet: SelectionSet, isInlineFragmentBody: Bool, _ context: ValidationContext)
    func enterField(_ field: Field, _ context: ValidationContext)
    func leaveField(_ field: Field, _ context: ValidationContext)
    func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext)
    func enterInlineFragment(_ fragment: InlineFragment, _ context: ValidationContext)
    /// All the directives of one node, before each is entered.
    func enterDirectives(_ directives: [Directive], on location: DirectiveLocation, _ context: ValidationContext)
    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext)
    func leaveDirective(_ directive: Directive, _ context: ValidationContext)
    /// The arguments of one field or directive, before each is entered.
    func enterArguments(_ arguments: [Argument], _ context: ValidationContext)
    func enterArgument(_ argument: Argument, _ context: ValidationContext)
    /// The value of an argument or a variable's default, as a whole, with its expected type in
    /// `context.typeInfo.inputType`; its parts are not entered separately.
    func enterRootValue(_ value: Value, at location: ValueLocation, _ context: ValidationContext)
    /// The fields of one input object literal.
    func enterObjectFields(_ fields: [ObjectField], _ context: ValidationContext)
}

extension ValidationRule {
    func enterDocument(_ document: Document, _ context: ValidationContext) {}
    func leaveDocument(_ document: Document, _ context: ValidationContext) {}
    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {}
    func leaveOperation(_ operation: OperationDefinition, _ context: ValidationContext) {}
    func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext) {}
    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {}
    func enterSelectionSet(_ selectionSet: SelectionSet, isInlineFragmentBody: Bool, _ context: ValidationContext) {}
    func enterField(_ field: Field, _ context: ValidationContext) {}
    func leaveField(_ field: Field, _ context: ValidationContext) {}
    func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) {}
    func enterInlineFragment(_ fragment: InlineFragment, _ context: ValidationContext) {}
    func enterDirectives(_ directives: [Directive], on location: DirectiveLocation, _ context: ValidationContext) {}
    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext) {}
    func leaveDirective(_ directive: Directive, _ context: ValidationContext) {}
    func enterArguments(_ arguments: [Argument], _ context: ValidationContext) {}
    func enterArgument(_ argument: Argument, _ context: ValidationContext) {}
    func enterRootValue(_ value: Value, at location: ValueLocation, _ context: ValidationContext) {}
    func enterObjectFields(_ fields: [ObjectField], _ context: ValidationContext) {}

    /// Records an error of this rule.
    func report(_ message: String, _ locations: [NodeLocation], _ context: ValidationContext) {
        context.report(rule: Self.name, message: message, locations: locations)
    }
}

/// The places a ``ValidationRule`` can hook into the walk, one per hook method.
enum ValidationHook: Hashable, CaseIterable {
    case enterDocument, leaveDocument, enterOperation, leaveOperation, enterVariableDefinition, enterFragment
    case enterSelectionSet, enterField, leaveField, enterFragmentSpread, enterInlineFragment, enterDirectives
    case enterDirective, leaveDirective, enterArguments, enterArgument, enterRootValue, enterObjectFields
}
