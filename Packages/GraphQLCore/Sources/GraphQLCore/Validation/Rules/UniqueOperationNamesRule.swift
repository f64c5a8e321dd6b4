/// No two operations share a name (spec: Operation Name Uniqueness).
final class UniqueOperationNamesRule: ValidationRule {
    static let name = "UniqueOperationNamesRule"
    static let hooks: Set<ValidationHook> = [.enterOperation]
    private var known: [String: NodeLocation] = [:]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard let name = operation.name else { return }
        if let first = known[name] {
            report(
                "There can be only one operation named '\(name)'.",
                [first, operation.nameLocation.or(operation.location)], context)
        } else {
            known[name] = operation.nameLocation.or(operation.location)
        }
    }
}
