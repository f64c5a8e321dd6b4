/// Prints operations and fragments the way graphql-js's `print` does: two-space indentation, one
/// selection a line, definitions separated by a blank line.
///
/// The compiler needs a deterministic text to send before the language printer exists; this one
/// prints only executable definitions and stays internal.
enum ExecutablePrinter {
    /// The text of these definitions, in the order given.
    static func print(operations: [OperationDefinition], fragments: [FragmentDefinition]) -> String {
        var parts: [String] = []
        for operation in operations { parts.append(print(operation)) }
        for fragment in fragments { parts.append(print(fragment)) }
        return parts.joined(separator: "\n\n")
    }

    static func print(_ operation: OperationDefinition) -> String {
        var out = ""
        let isShorthand =
            operation.kind == .query && operation.name == nil && operation.variableDefinitions.isEmpty
            && operation.directives.isEmpty
        if !isShorthand {
            out += operation.kind.rawValue
            if let name = operation.name { out += " " + name }
            if !operation.variableDefinitions.isEmpty {
                out += "(" + operation.variableDefinitions.map(variableDefinition).joined(separator: ", ") + ")"
            }
            out += directives(operation.directives)
            out += " "
        }
        appendSelectionSet(operation.selectionSet, indent: "", to: &out)
        return out
    }

    static func print(_ fragment: FragmentDefinition) -> String {
        var out = "fragment \(fragment.name) on \(fragment.typeCondition)\(directives(fragment.directives)) "
        appendSelectionSet(fragment.selectionSet, indent: "", to: &out)
        return out
    }

    static func value(_ value: Value) -> String {
        switch value {
        case .variable(let name): "$" + name
        case .int(let text), .float(let text): text
        case .string(let literal): quoted(literal.value)
        case .boolean(let bool): bool ? "true" : "false"
        case .null: "null"
        case .enumValue(let name): name
        case .list(let items): "[" + items.map(Self.value).joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.map { "\($0.name): \(Self.value($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    private static func variableDefinition(_ definition: VariableDefinition) -> String {
        var out = "$\(definition.name): \(definition.type)"
        if let defaultValue = definition.defaultValue { out += " = " + value(defaultValue) }
        return out + directives(definition.directives)
    }

    private static func directives(_ directives: [Directive]) -> String {
        directives.map { " @" + $0.name + arguments($0.arguments) }.joined()
    }

    private static func arguments(_ arguments: [Argument]) -> String {
        if arguments.isEmpty { return "" }
        return "(" + arguments.map { "\($0.name): \(value($0.value))" }.joined(separator: ", ") + ")"
    }

    private static func appendSelectionSet(_ set: SelectionSet, indent: String, to out: inout String) {
        out += "{\n"
        let inner = indent + "  "
        for selection in set.selections {
            out += inner
            switch selection {
            case .field(let field):
                if let alias = field.alias { out += alias + ": " }
                out += field.name + arguments(field.arguments) + directives(field.directives)
                if let selectionSet = field.selectionSet {
                    out += " "
                    appendSelectionSet(selectionSet, indent: inner, to: &out)
                }
            case .fragmentSpread(let spread):
                out += "..." + spread.name + directives(spread.directives)
            case .inlineFragment(let fragment):
                out += "..."
                if let condition = fragment.typeCondition { out += " on " + condition }
                out += directives(fragment.directives) + " "
                appendSelectionSet(fragment.selectionSet, indent: inner, to: &out)
            }
            out += "\n"
        }
        out += indent + "}"
    }

    /// A string literal with JSON's escapes, which GraphQL's string grammar shares.
    private static func quoted(_ string: String) -> String {
        var out = ""
        StorageKey.appendQuoted(string, to: &out)
        return out
    }
}
