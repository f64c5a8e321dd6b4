/// Every variable is used where its type fits: the same type or a stricter one, a nullable variable in
/// a non-null position only when a default fills the gap (spec: All Variable Usages Are Allowed), and
/// never a nullable variable for a field of a `@oneOf` input object.
final class VariablesInAllowedPositionRule: ValidationRule {
    static let name = "VariablesInAllowedPositionRule"
    static let hooks: Set<ValidationHook> = [.leaveDocument]

    func leaveDocument(_ document: Document, _ context: ValidationContext) {
        for (index, definition) in document.definitions.enumerated() {
            guard case .operation(let operation) = definition else { continue }
            var definitions: [String: VariableDefinition] = [:]
            for variable in operation.variableDefinitions { definitions[variable.name] = variable }
            for usage in context.recursiveVariableUsages(ofOperation: index) {
                guard let variable = definitions[usage.name], let locationType = usage.type,
                    let variableType = context.knownType(variable.type)
                else { continue }
                if !isAllowed(variable, variableType, locationType, usage.hasLocationDefault, context.schema) {
                    report(
                        "Variable '$\(usage.name)' of type '\(variableType)' used in position expecting type"
                            + " '\(locationType)'.", [variable.location, usage.location], context)
                }
                if case .named(let parentName)? = usage.parentType,
                    let parent = context.schema.type(named: parentName), parent.isOneOf, !variableType.isNonNull
                {
                    report(
                        "Variable '$\(usage.name)' is of type '\(variableType)' but must be non-nullable to be used"
                            + " for OneOf Input Object '\(parentName)'.", [variable.location, usage.location], context)
                }
            }
        }
    }

    private func isAllowed(
        _ variable: VariableDefinition, _ variableType: TypeReference, _ locationType: TypeReference,
        _ locationHasDefault: Bool, _ schema: Schema
    ) -> Bool {
        if locationType.isNonNull && !variableType.isNonNull {
            let hasNonNullDefault = variable.defaultValue.map { $0 != .null } ?? false
            if !hasNonNullDefault && !locationHasDefault { return false }
            return schema.isTypeSubtype(variableType, of: locationType.nullable)
        }
        return schema.isTypeSubtype(variableType, of: locationType)
    }
}
