/// A fragment is spread only where its type can match the enclosing type (spec: Fragment Spread Is
/// Possible).
final class PossibleFragmentSpreadsRule: ValidationRule {
    static let name = "PossibleFragmentSpreadsRule"
    static let hooks: Set<ValidationHook> = [.enterInlineFragment, .enterFragmentSpread]

    func enterInlineFragment(_ fragment: InlineFragment, _ context: ValidationContext) {
        guard let fragmentType = context.namedType(context.typeInfo.type), fragmentType.isComposite,
            let parentType = context.typeInfo.parentType,
            !context.schema.typesOverlap(fragmentType.name, parentType.name)
        else { return }
        report(
            "Fragment cannot be spread here as objects of type '\(parentType.name)'"
                + " can never be of type '\(fragmentType.name)'.", [fragment.location], context)
    }

    func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) {
        guard let fragment = context.fragment(named: spread.name),
            let fragmentType = context.schema.type(named: fragment.typeCondition), fragmentType.isComposite,
            let parentType = context.typeInfo.parentType,
            !context.schema.typesOverlap(fragmentType.name, parentType.name)
        else { return }
        report(
            "Fragment '\(spread.name)' cannot be spread here as objects of type '\(parentType.name)'"
                + " can never be of type '\(fragmentType.name)'.", [spread.location], context)
    }
}
