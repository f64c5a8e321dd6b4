/// Every variable an operation defines is used by it or its fragments (spec: All Variables Used).
final class NoUnusedVariablesRule: ValidationRule {
    static let name = "NoUnusedVariablesRule"
    static let hooks: Set<ValidationHook> = [.leaveDocument]

    func leaveDocument(_ document: Document, _ context: ValidationContext) {
        for (index, definition) in document.definitions.enumerated() {
            guard case .operation(let operation) = definition else { continue }
            let used = Set(context.recursiveVariableUsages(ofOperation: index).map(\.name))
            for variable in operation.variableDefinitions where !used.contains(variable.name) {
                let message =
                    operation.name.map { "Variable '$\(variable.name)' is never used in operation '\($0)'." }
                    ?? "Variable '$\(variable.name)' is never used."
                report(message, [variable.location], context)
            }
        }
    }
}
