/// Every required argument of a field or directive is given (spec: Required Arguments).
final class ProvidedRequiredArgumentsRule: ValidationRule {
    static let name = "ProvidedRequiredArgumentsRule"
    static let hooks: Set<ValidationHook> = [.leaveField, .leaveDirective]

    func leaveField(_ field: Field, _ context: ValidationContext) {
        guard let definition = context.typeInfo.fieldDefinition else { return }
        let given = Set(field.arguments.map(\.name))
        for argument in definition.arguments where argument.isRequired && !given.contains(argument.name) {
            let owner: String
            if let type = context.typeInfo.type, type.namedType.hasPrefix("__") {
                owner = "<meta>."
            } else {
                owner = context.typeInfo.parentType.map { "\($0.name)." } ?? ""
            }
            report(
                "Argument '\(owner)\(field.name)(\(argument.name):)' of type '\(argument.type)' is required,"
                    + " but it was not provided.", [field.location], context)
        }
    }

    func leaveDirective(_ directive: Directive, _ context: ValidationContext) {
        guard let definition = context.schema.directive(named: directive.name) else { return }
        let given = Set(directive.arguments.map(\.name))
        for argument in definition.arguments where argument.isRequired && !given.contains(argument.name) {
            report(
                "Argument '@\(directive.name)(\(argument.name):)' of type '\(argument.type)' is required,"
                    + " but it was not provided.", [directive.location], context)
        }
    }
}
