/// Prints documents as canonical GraphQL text, in graphql-core's `print_ast` format: two-space
/// indentation, one selection or field per line, long argument lists and values wrapped at 80
/// columns, block strings kept as block strings.
///
/// Printing then parsing gives back an equal document (locations aside), which is what lets a
/// printed document serve as a cache key and as the text sent to a server.
public enum Printer {
    /// The canonical text of a document, with no trailing newline.
    public static func print(_ document: Document) -> String {
        join(document.definitions.map(print), "\n\n")
    }

    /// The canonical text of a value literal.
    public static func print(_ value: Value) -> String {
        switch value {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text), .enumValue(let text): return text
        case .string(let literal): return print(literal)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .list(let values):
            let items = values.map(print)
            if 2 + joinedLength(items, ", ") > maxLineLength {
                return wrap("[\n", indent(join(items, "\n")), "\n]")
            }
            return "[" + join(items, ", ") + "]"
        case .object(let fields):
            let items = fields.map { $0.name + ": " + print($0.value) }
            if 4 + joinedLength(items, ", ") > maxLineLength { return block(items) }
            return "{ " + join(items, ", ") + " }"
        }
    }

    /// The canonical text of a type reference, for example `[String!]!`.
    public static func print(_ type: TypeReference) -> String { type.description }

    // MARK: Definitions

    private static let maxLineLength = 80

    private static func print(_ definition: Definition) -> String {
        switch definition {
        case .operation(let operation): print(operation)
        case .fragment(let fragment): print(fragment)
        case .schema(let schema):
            join([
                wrap("", schema.description.map(print), "\n"),
                join(["schema", directives(schema.directives), block(schema.operationTypes.map(print))], " "),
            ])
        case .schemaExtension(let schema):
            join(["extend schema", directives(schema.directives), block(schema.operationTypes.map(print))], " ")
        case .type(let type): join([wrap("", type.description.map(print), "\n"), typeBody(type, keyword: "")])
        case .typeExtension(let type): typeBody(type, keyword: "extend ")
        case .directive(let directive): print(directive)
        }
    }

    private static func print(_ operation: OperationDefinition) -> String {
        let variables = operation.variableDefinitions.map(print)
        let variableList =
            hasMultilineItems(variables)
            ? wrap("(\n", join(variables, "\n"), "\n)") : wrap("(", join(variables, ", "), ")")
        let kind = operation.kind.rawValue
        let prefix = join([
            wrap("", operation.description.map(print), "\n"),
            join([kind, join([operation.name, variableList]), directives(operation.directives)], " "),
        ])
        // An anonymous query without variables or directives takes the `{ ... }` shorthand.
        let isShorthand = operation.kind == .query && prefix == kind
        return join([isShorthand ? "" : prefix + " ", print(operation.selectionSet)])
    }

    private static func print(_ variable: VariableDefinition) -> String {
        join([
            wrap("", variable.description.map(print), "\n"), "$" + variable.name, ": ", variable.type.description,
            wrap(" = ", variable.defaultValue.map(print)), wrap(" ", directives(variable.directives)),
        ])
    }

    private static func print(_ fragment: FragmentDefinition) -> String {
        join([
            wrap("", fragment.description.map(print), "\n"), "fragment ", fragment.name, " on ",
            fragment.typeCondition, " ", wrap("", directives(fragment.directives), " "),
            print(fragment.selectionSet),
        ])
    }

    private static func print(_ selectionSet: SelectionSet) -> String {
        selectionSet.selections.isEmpty ? "{}" : block(selectionSet.selections.map(print))
    }

    private static func print(_ selection: Selection) -> String {
        switch selection {
        case .field(let field):
            let prefix = join([wrap("", field.alias, ": "), field.name])
            return join([
                wrappedLineAndArguments(prefix, field.arguments.map(print)),
                wrap(" ", directives(field.directives)), wrap(" ", field.selectionSet.map(print)),
            ])
        case .fragmentSpread(let spread):
            return join(["...", spread.name, wrap(" ", directives(spread.directives))])
        case .inlineFragment(let fragment):
            return join(
                [
                    "...", wrap("on ", fragment.typeCondition), directives(fragment.directives),
                    print(fragment.selectionSet),
                ], " ")
        }
    }

    private static func print(_ argument: Argument) -> String { argument.name + ": " + print(argument.value) }

    private static func print(_ literal: StringLiteral) -> String {
        literal.isBlock ? BlockString.printed(literal.value) : quoted(literal.value)
    }

    private static func directives(_ directives: [Directive]) -> String {
        join(
            directives.map { directive in
                "@" + directive.name + wrap("(", join(directive.arguments.map(print), ", "), ")")
            }, " ")
    }

    // MARK: Type system

    private static func print(_ operationType: OperationTypeDefinition) -> String {
        operationType.operation.rawValue + ": " + operationType.type
    }

    /// A type definition or extension after its description.
    private static func typeBody(_ type: TypeDefinition, keyword prefix: String) -> String {
        let directiveList = directives(type.directives)
        switch type.kind {
        case .scalar:
            return join([prefix + "scalar", type.name, directiveList], " ")
        case .object, .interface:
            return join(
                [
                    prefix + (type.kind == .object ? "type" : "interface"), type.name,
                    wrap("implements ", join(type.interfaces, " & ")), directiveList,
                    block(type.fields.map(print)),
                ], " ")
        case .union:
            return join([prefix + "union", type.name, directiveList, wrap("= ", join(type.unionMembers, " | "))], " ")
        case .enum:
            let values = type.enumValues.map { value in
                join([
                    wrap("", value.description.map(print), "\n"),
                    join([value.name, directives(value.directives)], " "),
                ])
            }
            return join([prefix + "enum", type.name, directiveList, block(values)], " ")
        case .inputObject:
            return join([prefix + "input", type.name, directiveList, block(type.inputFields.map(print))], " ")
        }
    }

    private static func print(_ field: FieldDefinition) -> String {
        join([
            wrap("", field.description.map(print), "\n"), field.name, argumentDefinitions(field.arguments), ": ",
            field.type.description, wrap(" ", directives(field.directives)),
        ])
    }

    private static func print(_ input: InputValueDefinition) -> String {
        join([
            wrap("", input.description.map(print), "\n"), input.name, ": ", input.type.description,
            wrap(" = ", input.defaultValue.map(print)), wrap(" ", directives(input.directives)),
        ])
    }

    private static func print(_ directive: DirectiveDefinition) -> String {
        join([
            wrap("", directive.description.map(print), "\n"), "directive @", directive.name,
            argumentDefinitions(directive.arguments), directive.isRepeatable ? " repeatable" : "", " on ",
            join(directive.locations.map(\.rawValue), " | "),
        ])
    }

    private static func argumentDefinitions(_ arguments: [InputValueDefinition]) -> String {
        let items = arguments.map(print)
        return hasMultilineItems(items)
            ? wrap("(\n", indent(join(items, "\n")), "\n)") : wrap("(", join(items, ", "), ")")
    }

    // MARK: Layout

    /// The non-empty items joined by `separator`.
    private static func join(_ items: [String?], _ separator: String = "") -> String {
        var result = ""
        for case let item? in items where !item.isEmpty {
            if !result.isEmpty { result += separator }
            result += item
        }
        return result
    }

    private static func join(_ items: [String], _ separator: String = "") -> String {
        join(items.map(Optional.some), separator)
    }

    /// `start + text + end`, or nothing when `text` is empty.
    private static func wrap(_ start: String, _ text: String?, _ end: String = "") -> String {
        guard let text, !text.isEmpty else { return "" }
        return start + text + end
    }

    /// One item per line in an indented `{ }` block, or nothing when there are no items.
    private static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    /// Every line of `text` indented by two spaces.
    private static func indent(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var bytes: [UInt8] = [0x20, 0x20]
        bytes.reserveCapacity(text.utf8.count + 32)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == 0x0A {
                bytes.append(0x20)
                bytes.append(0x20)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The length `join(items, separator)` would have, in scalars as graphql-core counts.
    private static func joinedLength(_ items: [String], _ separator: String) -> Int {
        var length = 0
        for item in items where !item.isEmpty {
            length += (length > 0 ? separator.unicodeScalars.count : 0) + item.unicodeScalars.count
        }
        return length
    }

    private static func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.utf8.contains(0x0A) }
    }

    /// Arguments on the prefix's line, or one per line when that line would pass 80 columns.
    private static func wrappedLineAndArguments(_ prefix: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return prefix }
        let list =
            prefix.unicodeScalars.count + joinedLength(arguments, ", ") + 2 > maxLineLength
            ? wrap("(\n", indent(join(arguments, "\n")), "\n)") : wrap("(", join(arguments, ", "), ")")
        return prefix + list
    }

    /// graphql-core's `print_string`: a `"`-quoted string with control characters, `"` and `\`
    /// escaped.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension Document {
    /// The document's canonical text; see ``Printer``.
    public var printed: String { Printer.print(self) }
}
