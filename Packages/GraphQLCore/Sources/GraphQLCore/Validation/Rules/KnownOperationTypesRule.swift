/// An operation's kind has a root type in the schema (spec: Operation Type Existence).
final class KnownOperationTypesRule: ValidationRule {
    static let name = "KnownOperationTypesRule"
    static let hooks: Set<ValidationHook> = [.enterOperation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        if context.schema.rootTypeName(for: operation.kind) == nil {
            report(
                "The \(operation.kind.rawValue) operation is not supported by the schema.", [operation.location],
                context)
        }
    }
}
