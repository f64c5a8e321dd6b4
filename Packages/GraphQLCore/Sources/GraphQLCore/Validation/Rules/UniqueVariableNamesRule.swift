/// No two variables of an operation share a name (spec: Variable Uniqueness).
final class UniqueVariableNamesRule: ValidationRule {
    static let name = "UniqueVariableNamesRule"
    static let hooks: Set<ValidationHook> = [.enterOperation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        var order: [String] = []
        var locations: [String: [NodeLocation]] = [:]
        for definition in operation.variableDefinitions {
            if locations[definition.name] == nil { order.append(definition.name) }
            locations[definition.name, default: []].append(definition.nameLocation.or(definition.location))
        }
        for name in order {
            guard let all = locations[name], all.count > 1 else { continue }
            report("There can be only one variable named '$\(name)'.", all, context)
        }
    }
}
