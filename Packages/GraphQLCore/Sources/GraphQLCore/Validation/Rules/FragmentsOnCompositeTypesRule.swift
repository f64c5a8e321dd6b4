/// Fragments apply to objects, interfaces and unions only (spec: Fragments On Composite Types).
final class FragmentsOnCompositeTypesRule: ValidationRule {
    static let name = "FragmentsOnCompositeTypesRule"
    static let hooks: Set<ValidationHook> = [.enterInlineFragment, .enterFragment]

    func enterInlineFragment(_ fragment: InlineFragment, _ context: ValidationContext) {
        guard let condition = fragment.typeCondition, let type = context.schema.type(named: condition),
            !type.isComposite
        else { return }
        report(
            "Fragment cannot condition on non composite type '\(condition)'.",
            [fragment.typeConditionLocation.or(fragment.location)], context)
    }

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        guard let type = context.schema.type(named: fragment.typeCondition), !type.isComposite else { return }
        report(
            "Fragment '\(fragment.name)' cannot condition on non composite type '\(fragment.typeCondition)'.",
            [fragment.typeConditionLocation.or(fragment.location)], context)
    }
}
