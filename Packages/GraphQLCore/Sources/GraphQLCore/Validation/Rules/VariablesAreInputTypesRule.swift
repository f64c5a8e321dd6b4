/// Variables have scalar, enum or input object types (spec: Variables Are Input Types).
final class VariablesAreInputTypesRule: ValidationRule {
    static let name = "VariablesAreInputTypesRule"
    static let hooks: Set<ValidationHook> = [.enterVariableDefinition]

    func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext) {
        guard let type = context.schema.type(named: definition.type.namedType), !type.isInputType else { return }
        report(
            "Variable '$\(definition.name)' cannot be non-input type '\(definition.type)'.",
            [definition.typeLocation.or(definition.location)],
            context)
    }
}
