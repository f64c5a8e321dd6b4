/// A non-repeatable directive appears at most once on a node (spec: Directives Are Unique Per Location).
final class UniqueDirectivesPerLocationRule: ValidationRule {
    static let name = "UniqueDirectivesPerLocationRule"
    static let hooks: Set<ValidationHook> = [.enterDirectives]

    func enterDirectives(_ directives: [Directive], on location: DirectiveLocation, _ context: ValidationContext) {
        var seen: [String: NodeLocation] = [:]
        for directive in directives {
            guard let definition = context.schema.directive(named: directive.name), !definition.isRepeatable
            else { continue }
            if let first = seen[directive.name] {
                report(
                    "The directive '@\(directive.name)' can only be used once at this location.",
                    [first, directive.location], context)
            } else {
                seen[directive.name] = directive.location
            }
        }
    }
}
