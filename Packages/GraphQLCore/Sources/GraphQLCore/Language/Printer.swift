/// Prints documents as canonical GraphQL text, in graphql-core's `print_ast` format: two-space
/// indentation, one selection or field per line, long argument lists and values wrapped at 80
/// columns, block strings kept as block strings.
///
/// Printing then parsing gives back an equal document (locations aside), which is what lets a
/// printed document serve as a cache key and as the text sent to a server.
public enum Printer {
    /// The canonical text of a document, with no trailing newline.
    public static func print(_ document: Document) -> String {
        var writer = PrintWriter()
        for (index, definition) in document.definitions.enumerated() {
            // The `{ ... }` shorthand parses as a query only where no definition before it could take
            // a `{` as its own body (`type T`, `extend interface I`): first, or after a closing brace.
            let shorthandAllowed = index == 0 || writer.output.utf8.last == UInt8(ascii: "}")
            if index > 0 { writer.write("\n\n") }
            write(definition, shorthandAllowed: shorthandAllowed, to: &writer)
        }
        return writer.output
    }

    /// The canonical text of a value literal.
    ///
    /// Lists and objects are printed children first from an explicit stack rather than by
    /// recursion, so that deep values cost heap rather than stack.
    public static func print(_ value: Value) -> String {
        switch value {
        case .list, .object: return printContainer(value)
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text), .enumValue(let text): return text
        case .string(let literal): return print(literal)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    private static func printContainer(_ value: Value) -> String {
        var open: [(value: Value, children: [String])] = [(value, [])]
        while let (current, children) = open.last {
            let printed: String
            switch current {
            case .list(let values) where children.count < values.count:
                open.append((values[children.count], []))
                continue
            case .object(let fields) where children.count < fields.count:
                open.append((fields[children.count].value, []))
                continue
            case .list:
                if 2 + joinedLength(children, ", ") > maxLineLength {
                    printed = wrap("[\n", indent(join(children, "\n")), "\n]")
                } else {
                    printed = "[" + join(children, ", ") + "]"
                }
            case .object(let fields):
                let items = zip(fields, children).map { $0.name + ": " + $1 }
                printed = 4 + joinedLength(items, ", ") > maxLineLength ? block(items) : "{ " + join(items, ", ") + " }"
            default:
                printed = print(current)
            }
            open.removeLast()
            guard !open.isEmpty else { return printed }
            open[open.count - 1].children.append(printed)
        }
        return ""
    }

    /// The canonical text of a type reference, for example `[String!]!`.
    public static func print(_ type: TypeReference) -> String {
        switch type {
        case .named(let name): return name
        case .nonNull(.named(let name)): return name + "!"
        default: break
        }
        // A loop rather than `description`'s recursion, for the same reason as values.
        var lists = 0
        var suffix: [UInt8] = []
        var current = type
        while true {
            switch current {
            case .named(let name):
                return String(repeating: "[", count: lists) + name + String(decoding: suffix.reversed(), as: UTF8.self)
            case .list(let inner):
                lists += 1
                suffix.append(0x5D)  // ]
                current = inner
            case .nonNull(let inner):
                suffix.append(0x21)  // !
                current = inner
            }
        }
    }

    // MARK: Definitions
    //
    // Definitions, selection sets and blocks are written straight into one buffer that indents each
    // new line; the pieces whose length decides the layout (arguments, values, variable lists) are
    // made as strings first, as graphql-core measures them.

    private static let maxLineLength = 80

    private static func write(_ definition: Definition, shorthandAllowed: Bool, to writer: inout PrintWriter) {
        switch definition {
        case .operation(let operation): write(operation, shorthandAllowed: shorthandAllowed, to: &writer)
        case .fragment(let fragment):
            writeDescription(fragment.description, to: &writer)
            writer.write("fragment " + fragment.name + " on " + fragment.typeCondition + " ")
            writer.write(wrap("", directives(fragment.directives), " "))
            write(fragment.selectionSet, to: &writer)
        case .schema(let schema):
            writeDescription(schema.description, to: &writer)
            writer.write(join(["schema", directives(schema.directives)], " "))
            writeBlock(schema.operationTypes.map(print), to: &writer)
        case .schemaExtension(let schema):
            writer.write(join(["extend schema", directives(schema.directives)], " "))
            writeBlock(schema.operationTypes.map(print), to: &writer)
        case .type(let type):
            writeDescription(type.description, to: &writer)
            writeTypeBody(type, keyword: "", to: &writer)
        case .typeExtension(let type): writeTypeBody(type, keyword: "extend ", to: &writer)
        case .directive(let directive): writer.write(print(directive))
        }
    }

    private static func writeDescription(_ description: StringLiteral?, to writer: inout PrintWriter) {
        guard let description else { return }
        writer.write(print(description))
        writer.write("\n")
    }

    /// A space and an indented `{ }` block with one item per line, or nothing when there are no items.
    private static func writeBlock(_ items: [String], to writer: inout PrintWriter) {
        let items = items.filter { !$0.isEmpty }
        guard !items.isEmpty else { return }
        writer.write(" {")
        writer.indentation += 1
        for item in items {
            writer.newLine()
            writer.write(item)
        }
        writer.indentation -= 1
        writer.newLine()
        writer.write("}")
    }

    private static func write(
        _ operation: OperationDefinition, shorthandAllowed: Bool, to writer: inout PrintWriter
    ) {
        let variables = operation.variableDefinitions.map(print)
        let variableList =
            hasMultilineItems(variables)
            ? wrap("(\n", join(variables, "\n"), "\n)") : wrap("(", join(variables, ", "), ")")
        let kind = operation.kind.rawValue
        let prefix = join([
            wrap("", operation.description.map(print), "\n"),
            join([kind, join([operation.name, variableList]), directives(operation.directives)], " "),
        ])
        // An anonymous query without variables or directives takes the `{ ... }` shorthand, where it
        // parses back as one.
        if !(shorthandAllowed && operation.kind == .query && prefix == kind) { writer.write(prefix + " ") }
        write(operation.selectionSet, to: &writer)
    }

    private static func print(_ variable: VariableDefinition) -> String {
        join([
            wrap("", variable.description.map(print), "\n"), "$" + variable.name, ": ", print(variable.type),
            wrap(" = ", variable.defaultValue.map(print)), wrap(" ", directives(variable.directives)),
        ])
    }

    /// A selection set and everything nested in it, with a stack of open sets instead of recursion
    /// so that deep documents cost heap rather than stack.
    private static func write(_ selectionSet: SelectionSet, to writer: inout PrintWriter) {
        var open: [(selections: [Selection], next: Int)] = []
        func start(_ selectionSet: SelectionSet) {
            if selectionSet.selections.isEmpty {
                writer.write("{}")
            } else {
                writer.write("{")
                writer.indentation += 1
                open.append((selectionSet.selections, 0))
            }
        }
        start(selectionSet)
        while let (selections, next) = open.last {
            guard next < selections.count else {
                open.removeLast()
                writer.indentation -= 1
                writer.newLine()
                writer.write("}")
                continue
            }
            open[open.count - 1].next += 1
            writer.newLine()
            switch selections[next] {
            case .field(let field):
                let prefix = field.alias.map { $0 + ": " + field.name } ?? field.name
                writer.write(wrappedLineAndArguments(prefix, field.arguments.map(print)))
                writer.write(wrap(" ", directives(field.directives)))
                if let selectionSet = field.selectionSet {
                    writer.write(" ")
                    start(selectionSet)
                }
            case .fragmentSpread(let spread):
                writer.write("..." + spread.name + wrap(" ", directives(spread.directives)))
            case .inlineFragment(let fragment):
                writer.write(
                    join(["...", wrap("on ", fragment.typeCondition), directives(fragment.directives)], " ") + " ")
                start(fragment.selectionSet)
            }
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
    private static func writeTypeBody(_ type: TypeDefinition, keyword prefix: String, to writer: inout PrintWriter) {
        let directiveList = directives(type.directives)
        switch type.kind {
        case .scalar:
            writer.write(join([prefix + "scalar", type.name, directiveList], " "))
        case .object, .interface:
            writer.write(
                join(
                    [
                        prefix + (type.kind == .object ? "type" : "interface"), type.name,
                        wrap("implements ", join(type.interfaces, " & ")), directiveList,
                    ], " "))
            writeBlock(type.fields.map(print), to: &writer)
        case .union:
            writer.write(
                join([prefix + "union", type.name, directiveList, wrap("= ", join(type.unionMembers, " | "))], " "))
        case .enum:
            writer.write(join([prefix + "enum", type.name, directiveList], " "))
            writeBlock(
                type.enumValues.map { value in
                    join([
                        wrap("", value.description.map(print), "\n"),
                        join([value.name, directives(value.directives)], " "),
                    ])
                }, to: &writer)
        case .inputObject:
            writer.write(join([prefix + "input", type.name, directiveList], " "))
            writeBlock(type.inputFields.map(print), to: &writer)
        }
    }

    private static func print(_ field: FieldDefinition) -> String {
        join([
            wrap("", field.description.map(print), "\n"), field.name, argumentDefinitions(field.arguments), ": ",
            print(field.type), wrap(" ", directives(field.directives)),
        ])
    }

    private static func print(_ input: InputValueDefinition) -> String {
        join([
            wrap("", input.description.map(print), "\n"), input.name, ": ", print(input.type),
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
        var result = ""
        for item in items where !item.isEmpty {
            if !result.isEmpty { result += separator }
            result += item
        }
        return result
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

/// The printer's output buffer: text appended at the current indentation.
struct PrintWriter {
    private(set) var output = ""
    private var indentText = ""

    /// The depth of indentation, two spaces a level, applied after every line break written.
    var indentation = 0 {
        didSet { indentText = String(repeating: "  ", count: indentation) }
    }

    /// Appends `text`, indenting each of its lines after the first.
    mutating func write(_ text: String) {
        guard indentation > 0, text.utf8.contains(0x0A) else {
            output += text
            return
        }
        var first = true
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if !first { newLine() }
            first = false
            output += Substring(line)
        }
    }

    /// Starts a new line at the current indentation.
    mutating func newLine() {
        output += "\n"
        output += indentText
    }
}

extension Document {
    /// The document's canonical text; see ``Printer``.
    public var printed: String { Printer.print(self) }
}
