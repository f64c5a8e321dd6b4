/// Every selected field is defined on the type it is selected on (spec: Field Selections).
final class FieldsOnCorrectTypeRule: ValidationRule {
    static let name = "FieldsOnCorrectTypeRule"
    static let hooks: Set<ValidationHook> = [.enterField]

    func enterField(_ field: Field, _ context: ValidationContext) {
        guard let parentType = context.typeInfo.parentType, context.typeInfo.fieldDefinition == nil else { return }
        var suggestion = Suggestions.didYouMean(
            suggestedTypeNames(parentType, field.name, context.schema), "to use an inline fragment on")
        if suggestion.isEmpty {
            let fieldNames = parentType.kind == .union ? [] : parentType.fields.map(\.name)
            suggestion = Suggestions.didYouMean(Suggestions.list(field.name, fieldNames))
        }
        report(
            "Cannot query field '\(field.name)' on type '\(parentType.name)'." + suggestion, [field.location], context)
    }

    /// For an abstract type, the types that do have the field: the most used first, interfaces before
    /// their implementations, then by name.
    private func suggestedTypeNames(_ type: NamedType, _ fieldName: String, _ schema: Schema) -> [String] {
        guard type.isAbstract else { return [] }
        var suggested: [String] = []
        var usage: [String: Int] = [:]
        for name in schema.possibleTypes(of: type.name).sorted() {
            guard let possible = schema.type(named: name), possible.field(named: fieldName) != nil else { continue }
            if usage[name] == nil { suggested.append(name) }
            usage[name] = 1
            for interface in possible.interfaces {
                guard schema.type(named: interface)?.field(named: fieldName) != nil else { continue }
                if usage[interface] == nil { suggested.append(interface) }
                usage[interface, default: 0] += 1
            }
        }
        return suggested.sorted { a, b in
            let countA = usage[a] ?? 0
            let countB = usage[b] ?? 0
            if countA != countB { return countA > countB }
            if schema.type(named: a)?.kind == .interface && schema.isSubtype(b, of: a) { return true }
            if schema.type(named: b)?.kind == .interface && schema.isSubtype(a, of: b) { return false }
            return Suggestions.naturalOrder(a, b)
        }
    }
}
