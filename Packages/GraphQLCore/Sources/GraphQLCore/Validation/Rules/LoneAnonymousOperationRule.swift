/// An anonymous operation is the document's only operation (spec: Lone Anonymous Operation).
final class LoneAnonymousOperationRule: ValidationRule {
    static let name = "LoneAnonymousOperationRule"
    static let hooks: Set<ValidationHook> = [.enterDocument, .enterOperation]
    private var operationCount = 0

    func enterDocument(_ document: Document, _ context: ValidationContext) {
        operationCount = document.operations.count
    }

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        if operation.name == nil && operationCount > 1 {
            report("This anonymous operation must be the only defined operation.", [operation.location], context)
        }
    }
}
