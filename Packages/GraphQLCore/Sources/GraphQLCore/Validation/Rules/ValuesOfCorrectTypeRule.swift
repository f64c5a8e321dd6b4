/// Every literal value fits the type expected where it is written (spec: Values of Correct Type), with
/// graphql-core's coercion messages for the built-in scalars, enums, input objects and `@oneOf`.
final class ValuesOfCorrectTypeRule: ValidationRule {
    static let name = "ValuesOfCorrectTypeRule"
    static let hooks: Set<ValidationHook> = [.enterRootValue]

    func enterRootValue(_ value: Value, at location: ValueLocation, _ context: ValidationContext) {
        guard let type = context.typeInfo.inputType else { return }
        check(value, type, location, context)
    }

    private func check(_ value: Value, _ type: TypeReference, _ location: ValueLocation, _ context: ValidationContext) {
        // Variables are checked by VariablesInAllowedPositionRule.
        if case .variable = value { return }
        switch type {
        case .nonNull(let inner):
            if value == .null {
                report("Expected value of non-null type '\(type)' not to be None.", [location.start], context)
                return
            }
            check(value, inner, location, context)
        case .list(let item):
            if value == .null { return }
            if case .list(let items) = value {
                for (index, element) in items.enumerated() { check(element, item, location.element(index), context) }
            } else {
                check(value, item, location, context)  // A single value stands for a list of one.
            }
        case .named(let name):
            if value == .null { return }
            guard let named = context.schema.type(named: name) else { return }
            switch named.kind {
            case .inputObject: checkObject(value, named, location, context)
            case .enum: checkEnum(value, named, location, context)
            case .scalar: checkScalar(value, name, location, context)
            default: return
            }
        }
    }

    private func checkObject(_ value: Value, _ type: NamedType, _ location: ValueLocation, _ context: ValidationContext)
    {
        guard case .object(let fields) = value else {
            report(
                "Expected value of type '\(type.name)' to be an object, found: \(value.errorDescription).",
                [location.start],
                context)
            return
        }
        var byName: [String: Int] = [:]
        for (index, field) in fields.enumerated() { byName[field.name] = index }
        for definition in type.inputFields {
            if let index = byName[definition.name] {
                if let fieldType = context.knownType(definition.type) {
                    check(fields[index].value, fieldType, location.element(index), context)
                }
            } else if definition.isRequired {
                report(
                    "Expected value of type '\(type.name)' to include required field '\(definition.name)',"
                        + " found: \(value.errorDescription).", [location.start], context)
            }
        }
        var known: [ObjectField] = []
        for field in fields {
            if type.inputField(named: field.name) != nil {
                known.append(field)
                continue
            }
            let suggestion = Suggestions.didYouMean(Suggestions.list(field.name, type.inputFields.map(\.name)))
            report(
                "Expected value of type '\(type.name)' not to include unknown field '\(field.name)'"
                    + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found") + ": \(value.errorDescription).",
                [field.location], context)
        }
        if type.isOneOf && (known.count != 1 || known.first?.value == .null) {
            report(
                "Within OneOf Input Object type '\(type.name)', exactly one field must be specified,"
                    + " and the value for that field must be non-null.", [location.start], context)
        }
    }

    private func checkEnum(_ value: Value, _ type: NamedType, _ location: ValueLocation, _ context: ValidationContext) {
        if case .enumValue(let name) = value, type.enumValue(named: name) != nil { return }
        let printed = printedForLeaf(value)
        let suggestion = {
            Suggestions.didYouMean(Suggestions.list(printed, type.enumValues.map(\.name)), "the enum value")
        }
        if case .enumValue = value {
            report(
                "Value '\(printed)' does not exist in '\(type.name)' enum." + suggestion(), [location.start], context)
        } else {
            report(
                "Enum '\(type.name)' cannot represent non-enum value: \(printed)." + suggestion(), [location.start],
                context)
        }
    }

    private func checkScalar(_ value: Value, _ name: String, _ location: ValueLocation, _ context: ValidationContext) {
        // Printed only for a message: a valid literal (a megabyte-long string, say) is never printed.
        var printed: String { printedForLeaf(value) }
        let message: String?
        switch (name, value) {
        case ("Int", .int(let text)):
            message = Int32(text) == nil ? "Int cannot represent non 32-bit signed integer value: \(text)" : nil
        case ("Int", _): message = "Int cannot represent non-integer value: \(printed)"
        case ("Float", .int), ("Float", .float): message = nil
        case ("Float", _): message = "Float cannot represent non numeric value: \(printed)"
        case ("String", .string): message = nil
        case ("String", _): message = "String cannot represent a non string value: \(printed)"
        case ("Boolean", .boolean): message = nil
        case ("Boolean", _): message = "Boolean cannot represent a non boolean value: \(printed)"
        case ("ID", .string), ("ID", .int): message = nil
        case ("ID", _): message = "ID cannot represent a non-string and non-integer value: \(printed)"
        default: message = nil  // A custom scalar accepts any literal; the server coerces it.
        }
        if let message { report(message, [location.start], context) }
    }

    /// How many literals this rule printed for its messages; tests read it to check that valid
    /// literals are not printed.
    private(set) var printedLiterals = 0

    /// graphql-core coerces a leaf literal with its variables replaced by their values, which are
    /// unknown during validation and so print as `null`.
    private func printedForLeaf(_ value: Value) -> String {
        printedLiterals += 1
        func replacingVariables(_ value: Value) -> Value {
            switch value {
            case .variable: return .null
            case .list(let items): return .list(items.map(replacingVariables))
            case .object(let fields):
                return .object(
                    fields.map {
                        ObjectField(name: $0.name, value: replacingVariables($0.value), location: $0.location)
                    })
            default: return value
            }
        }
        return replacingVariables(value).errorDescription
    }
}
