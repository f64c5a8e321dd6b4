/// The `to:` of each `@catch` is the enum value `RESULT` or `NULL`, written in the document: what a
/// generated property becomes is fixed when the code is generated, so a variable cannot choose it,
/// and `THROW` (Apollo Kotlin's) is what a field without `@catch` already does here. Where the
/// directive may stand is `KnownDirectivesRule`'s (a field, an operation, a fragment definition).
final class CatchDirectiveRule: ValidationRule {
    static let name = "CatchDirectiveRule"
    static let hooks: Set<ValidationHook> = [.enterDirective]

    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name == CatchTarget.directiveName,
            let argument = directive.arguments.first(where: { $0.name == "to" })
        else { return }
        if case .enumValue(let name) = argument.value, CatchTarget(rawValue: name) != nil { return }
        report(
            "The argument 'to' of '@catch' must be RESULT or NULL written in the document, got "
                + "\(Printer.print(argument.value)).", [argument.location], context)
    }
}
