/// No two fragments share a name (spec: Fragment Name Uniqueness).
final class UniqueFragmentNamesRule: ValidationRule {
    static let name = "UniqueFragmentNamesRule"
    static let hooks: Set<ValidationHook> = [.enterFragment]
    private var known: [String: NodeLocation] = [:]

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        if let first = known[fragment.name] {
            report(
                "There can be only one fragment named '\(fragment.name)'.",
                [first, fragment.nameLocation.or(fragment.location)], context)
        } else {
            known[fragment.name] = fragment.nameLocation.or(fragment.location)
        }
    }
}
