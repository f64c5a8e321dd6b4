/// Every variable an operation uses, in its own selections or its fragments', is defined by it (spec:
/// All Variable Uses Defined).
final class NoUndefinedVariablesRule: ValidationRule {
    static let name = "NoUndefinedVariablesRule"
    static let hooks: Set<ValidationHook> = [.leaveDocument]

    func leaveDocument(_ document: Document, _ context: ValidationContext) {
        for (index, definition) in document.definitions.enumerated() {
            guard case .operation(let operation) = definition else { continue }
            let defined = Set(operation.variableDefinitions.map(\.name))
            for usage in context.recursiveVariableUsages(ofOperation: index) where !defined.contains(usage.name) {
                let message =
                    operation.name.map { "Variable '$\(usage.name)' is not defined by operation '\($0)'." }
                    ?? "Variable '$\(usage.name)' is not defined."
                report(message, [usage.location, operation.location], context)
            }
        }
    }
}
