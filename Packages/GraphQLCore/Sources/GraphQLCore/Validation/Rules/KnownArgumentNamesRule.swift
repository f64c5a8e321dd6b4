/// Every argument is defined by its field or directive (spec: Argument Names).
final class KnownArgumentNamesRule: ValidationRule {
    static let name = "KnownArgumentNamesRule"
    static let hooks: Set<ValidationHook> = [.enterDirective, .enterArgument, .enterField]

    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext) {
        guard let definition = context.schema.directive(named: directive.name) else { return }
        let known = definition.arguments.map(\.name)
        for argument in directive.arguments where !known.contains(argument.name) {
            report(
                "Unknown argument '\(argument.name)' on directive '@\(directive.name)'."
                    + Suggestions.didYouMean(Suggestions.list(argument.name, known)), [argument.location], context)
        }
    }

    func enterArgument(_ argument: Argument, _ context: ValidationContext) {
        // Directive arguments are checked as a whole above.
        guard !context.typeInfo.isInDirective, context.typeInfo.argument == nil,
            let field = context.typeInfo.fieldDefinition, let parentType = context.typeInfo.parentType,
            let fieldName = currentFieldName
        else { return }
        let known = field.arguments.map(\.name)
        report(
            "Unknown argument '\(argument.name)' on field '\(parentType.name).\(fieldName)'."
                + Suggestions.didYouMean(Suggestions.list(argument.name, known)), [argument.location], context)
    }

    /// The name of the field whose arguments are being walked, as written (an alias is not its name).
    private var currentFieldName: String?

    func enterField(_ field: Field, _ context: ValidationContext) { currentFieldName = field.name }
}
