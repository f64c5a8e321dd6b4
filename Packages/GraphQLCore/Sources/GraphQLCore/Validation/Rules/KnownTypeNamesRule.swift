/// Every type named in a variable definition or a type condition exists (spec: Fragment Spread Type
/// Existence, Variables Are Input Types).
final class KnownTypeNamesRule: ValidationRule {
    static let name = "KnownTypeNamesRule"
    static let hooks: Set<ValidationHook> = [.enterVariableDefinition, .enterFragment, .enterInlineFragment]
    private var typeNames: [String]?

    func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext) {
        check(definition.type.namedType, definition.namedTypeLocation.or(definition.location), context)
    }

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        check(fragment.typeCondition, fragment.typeConditionLocation.or(fragment.location), context)
    }

    func enterInlineFragment(_ fragment: InlineFragment, _ context: ValidationContext) {
        if let condition = fragment.typeCondition {
            check(condition, fragment.typeConditionLocation.or(fragment.location), context)
        }
    }

    private func check(_ name: String, _ location: NodeLocation, _ context: ValidationContext) {
        if context.schema.type(named: name) != nil { return }
        let names = typeNames ?? context.schema.allTypes.map(\.name)
        typeNames = names
        report(
            "Unknown type '\(name)'." + Suggestions.didYouMean(Suggestions.list(name, names)), [location], context)
    }
}
