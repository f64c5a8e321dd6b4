/// Every spread names a fragment of the document (spec: Fragment Spread Target Defined).
final class KnownFragmentNamesRule: ValidationRule {
    static let name = "KnownFragmentNamesRule"
    static let hooks: Set<ValidationHook> = [.enterFragmentSpread]

    func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) {
        if context.fragment(named: spread.name) == nil {
            report("Unknown fragment '\(spread.name)'.", [spread.nameLocation.or(spread.location)], context)
        }
    }
}
