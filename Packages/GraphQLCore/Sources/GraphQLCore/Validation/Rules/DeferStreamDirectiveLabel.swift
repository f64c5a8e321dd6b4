/// The `label` of each `@defer` and `@stream` is a string literal, and no two in the document share one
/// (spec draft: Defer And Stream Directive Labels Are Unique): the server names each incremental
/// payload by its label, so a variable or a repeated label would leave the client unable to tell
/// payloads apart. A `null` label is no label.
final class DeferStreamDirectiveLabel: ValidationRule {
    static let name = "DeferStreamDirectiveLabel"
    static let hooks: Set<ValidationHook> = [.enterDirective]

    /// The directive that first used each label.
    private var knownLabels: [String: NodeLocation] = [:]

    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name == "defer" || directive.name == "stream",
            let label = directive.arguments.first(where: { $0.name == "label" })
        else { return }
        switch label.value {
        case .null:
            return
        case .string(let literal):
            if let first = knownLabels[literal.value] {
                report("Defer/Stream directive label argument must be unique.", [first, directive.location], context)
            } else {
                knownLabels[literal.value] = directive.location
            }
        default:
            let name = directive.name == "defer" ? "Defer" : "Stream"
            report("\(name) directive label argument must be a static string.", [directive.location], context)
        }
    }
}
