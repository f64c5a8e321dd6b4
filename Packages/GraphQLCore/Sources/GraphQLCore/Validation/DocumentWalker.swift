/// Walks an executable document in graphql-core's visiting order, keeping the context's ``TypeInfo``
/// up to date and calling every rule's hooks at each node.
struct DocumentWalker {
    let context: ValidationContext
    private let rules: HookedRules

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = HookedRules(rules)
    }

    /// The rules that implement each hook, in rule order.
    private struct HookedRules {
        let enterDocument, leaveDocument, enterOperation, leaveOperation: [any ValidationRule]
        let enterVariableDefinition, enterFragment, enterSelectionSet, enterField, leaveField: [any ValidationRule]
        let enterFragmentSpread, enterInlineFragment, enterDirectives, enterDirective: [any ValidationRule]
        let leaveDirective, enterArguments, enterArgument, enterRootValue, enterObjectFields: [any ValidationRule]

        init(_ rules: [any ValidationRule]) {
            func with(_ hook: ValidationHook) -> [any ValidationRule] {
                rules.filter { type(of: $0).hooks.contains(hook) }
            }
            enterDocument = with(.enterDocument)
            leaveDocument = with(.leaveDocument)
            enterOperation = with(.enterOperation)
            leaveOperation = with(.leaveOperation)
            enterVariableDefinition = with(.enterVariableDefinition)
            enterFragment = with(.enterFragment)
            enterSelectionSet = with(.enterSelectionSet)
            enterField = with(.enterField)
            leaveField = with(.leaveField)
            enterFragmentSpread = with(.enterFragmentSpread)
            enterInlineFragment = with(.enterInlineFragment)
            enterDirectives = with(.enterDirectives)
            enterDirective = with(.enterDirective)
            leaveDirective = with(.leaveDirective)
            enterArguments = with(.enterArguments)
            enterArgument = with(.enterArgument)
            enterRootValue = with(.enterRootValue)
            enterObjectFields = with(.enterObjectFields)
        }
    }

    private var schema: Schema { context.schema }

    mutating func walk() {
        let document = context.document
        for rule in rules.enterDocument { rule.enterDocument(document, context) }
        for (index, definition) in document.definitions.enumerated() {
            context.currentDefinition = index
            context.typeInfo = TypeInfo()
            switch definition {
            case .operation(let operation): walk(operation)
            case .fragment(let fragment): walk(fragment)
            default: break  // ExecutableDefinitionsRule reports these.
            }
        }
        for rule in rules.leaveDocument { rule.leaveDocument(document, context) }
    }

    private func walk(_ operation: OperationDefinition) {
        let root = schema.rootTypeName(for: operation.kind).flatMap { schema.type(named: $0) }
        context.typeInfo.typeStack.append(root?.kind == .object ? .named(root?.name ?? "") : nil)
        for rule in rules.enterOperation { rule.enterOperation(operation, context) }
        for definition in operation.variableDefinitions { walk(definition) }
        let location: DirectiveLocation =
            switch operation.kind {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walk(operation.directives, on: location)
        walk(operation.selectionSet, isInlineFragmentBody: false)
        for rule in rules.leaveOperation { rule.leaveOperation(operation, context) }
        context.typeInfo.typeStack.removeLast()
    }

    private func walk(_ definition: VariableDefinition) {
        let type = context.knownType(definition.type)
        context.typeInfo.inputTypeStack.append(context.namedType(type)?.isInputType == true ? type : nil)
        for rule in rules.enterVariableDefinition { rule.enterVariableDefinition(definition, context) }
        if let defaultValue = definition.defaultValue {
            walkRootValue(defaultValue, at: definition.defaultValueLocation)
        }
        walk(definition.directives, on: .variableDefinition)
        context.typeInfo.inputTypeStack.removeLast()
    }

    private func walk(_ fragment: FragmentDefinition) {
        let type = schema.type(named: fragment.typeCondition)
        context.typeInfo.typeStack.append(type?.isOutputType == true ? .named(fragment.typeCondition) : nil)
        for rule in rules.enterFragment { rule.enterFragment(fragment, context) }
        walk(fragment.directives, on: .fragmentDefinition)
        walk(fragment.selectionSet, isInlineFragmentBody: false)
        context.typeInfo.typeStack.removeLast()
    }

    private func walk(_ selectionSet: SelectionSet, isInlineFragmentBody: Bool) {
        let named = context.namedType(context.typeInfo.type)
        context.typeInfo.parentTypeStack.append(named?.isComposite == true ? named : nil)
        for rule in rules.enterSelectionSet {
            rule.enterSelectionSet(selectionSet, isInlineFragmentBody: isInlineFragmentBody, context)
        }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread): walk(spread)
            case .inlineFragment(let inline): walk(inline)
            }
        }
        context.typeInfo.parentTypeStack.removeLast()
    }

    private func walk(_ field: Field) {
        let definition = context.typeInfo.parentType.flatMap { schema.field(field.name, on: $0.name) }
        let type = definition.flatMap { context.knownType($0.type) }
        context.typeInfo.fieldDefinitionStack.append(definition)
        context.typeInfo.typeStack.append(context.namedType(type)?.isOutputType == true ? type : nil)
        for rule in rules.enterField { rule.enterField(field, context) }
        walk(field.arguments)
        walk(field.directives, on: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet, isInlineFragmentBody: false) }
        for rule in rules.leaveField { rule.leaveField(field, context) }
        context.typeInfo.typeStack.removeLast()
        context.typeInfo.fieldDefinitionStack.removeLast()
    }

    private func walk(_ spread: FragmentSpread) {
        for rule in rules.enterFragmentSpread { rule.enterFragmentSpread(spread, context) }
        walk(spread.directives, on: .fragmentSpread)
    }

    private func walk(_ inline: InlineFragment) {
        let type: TypeReference?
        if let condition = inline.typeCondition {
            type = schema.type(named: condition)?.isOutputType == true ? .named(condition) : nil
        } else {
            type = context.namedType(context.typeInfo.type).map { .named($0.name) }
        }
        context.typeInfo.typeStack.append(type)
        for rule in rules.enterInlineFragment { rule.enterInlineFragment(inline, context) }
        walk(inline.directives, on: .inlineFragment)
        walk(inline.selectionSet, isInlineFragmentBody: true)
        context.typeInfo.typeStack.removeLast()
    }

    private func walk(_ directives: [Directive], on location: DirectiveLocation) {
        if directives.isEmpty { return }
        for rule in rules.enterDirectives { rule.enterDirectives(directives, on: location, context) }
        for directive in directives {
            context.typeInfo.directive = schema.directive(named: directive.name)
            context.typeInfo.isInDirective = true
            for rule in rules.enterDirective { rule.enterDirective(directive, on: location, context) }
            walk(directive.arguments)
            for rule in rules.leaveDirective { rule.leaveDirective(directive, context) }
            context.typeInfo.directive = nil
            context.typeInfo.isInDirective = false
        }
    }

    private func walk(_ arguments: [Argument]) {
        if arguments.isEmpty { return }
        for rule in rules.enterArguments { rule.enterArguments(arguments, context) }
        for argument in arguments {
            // As in graphql-core, an unknown directive's arguments are looked up on the enclosing field.
            let definition: InputValueInfo?
            if let directive = context.typeInfo.directive {
                definition = directive.argument(named: argument.name)
            } else {
                definition = context.typeInfo.fieldDefinition?.argument(named: argument.name)
            }
            let type = definition.flatMap { context.knownType($0.type) }
            context.typeInfo.argument = definition
            context.typeInfo.hasDefaultStack.append(definition?.defaultValue != nil)
            context.typeInfo.inputTypeStack.append(context.namedType(type)?.isInputType == true ? type : nil)
            for rule in rules.enterArgument { rule.enterArgument(argument, context) }
            walkRootValue(argument.value, at: argument.valueLocation)
            context.typeInfo.inputTypeStack.removeLast()
            context.typeInfo.hasDefaultStack.removeLast()
            context.typeInfo.argument = nil
        }
    }

    private func walkRootValue(_ value: Value, at location: ValueLocation) {
        for rule in rules.enterRootValue { rule.enterRootValue(value, at: location, context) }
        walk(value, at: location)
    }

    /// Walks the parts of a value for the rules that look inside (input field names) and records the
    /// variables it uses with the type expected at each.
    private func walk(_ value: Value, at location: ValueLocation) {
        switch value {
        case .variable(let name):
            context.recordVariableUsage(
                .init(
                    name: name, location: location.start, type: context.typeInfo.inputType,
                    hasLocationDefault: context.typeInfo.locationHasDefault,
                    parentType: context.typeInfo.parentInputType))
        case .list(let items):
            // graphql-core 3.3 (like graphql-js 17) knows no item type for a list written where no list
            // is expected; graphql-js 16 used the position's own type.
            context.typeInfo.inputTypeStack.append(context.typeInfo.inputType?.listItem)
            context.typeInfo.hasDefaultStack.append(false)
            for (index, item) in items.enumerated() { walk(item, at: location.element(index)) }
            context.typeInfo.hasDefaultStack.removeLast()
            context.typeInfo.inputTypeStack.removeLast()
        case .object(let fields):
            for rule in rules.enterObjectFields { rule.enterObjectFields(fields, context) }
            let objectType = context.namedType(context.typeInfo.inputType)
            for (index, field) in fields.enumerated() {
                let definition = objectType?.kind == .inputObject ? objectType?.inputField(named: field.name) : nil
                let type = definition.flatMap { context.knownType($0.type) }
                context.typeInfo.hasDefaultStack.append(definition?.defaultValue != nil)
                context.typeInfo.inputTypeStack.append(context.namedType(type)?.isInputType == true ? type : nil)
                walk(field.value, at: location.element(index))
                context.typeInfo.inputTypeStack.removeLast()
                context.typeInfo.hasDefaultStack.removeLast()
            }
        default:
            break
        }
    }
}
