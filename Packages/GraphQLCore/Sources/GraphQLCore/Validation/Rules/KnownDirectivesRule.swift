/// Every directive exists and is allowed where it is used (spec: Directives Are Defined, Directives
/// Are In Valid Locations).
final class KnownDirectivesRule: ValidationRule {
    static let name = "KnownDirectivesRule"
    static let hooks: Set<ValidationHook> = [.enterDirective]

    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext) {
        guard let definition = context.schema.directive(named: directive.name) else {
            report("Unknown directive '@\(directive.name)'.", [directive.location], context)
            return
        }
        if !definition.locations.contains(location) {
            // graphql-core names the location in words ("fragment spread"), where graphql-js writes FRAGMENT_SPREAD.
            let words = location.rawValue.lowercased().split(separator: "_").joined(separator: " ")
            report("Directive '@\(directive.name)' may not be used on \(words).", [directive.location], context)
        }
    }
}
