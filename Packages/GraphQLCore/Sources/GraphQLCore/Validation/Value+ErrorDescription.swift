extension Value {
    /// The value as graphql-core's `print_for_error` prints it inside a message: `"text"`, `[1, 2]`,
    /// `{ a: 1 }`, and a list or object that would pass 80 characters on one line per item, indented.
    var errorDescription: String {
        switch self {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text): return text
        case .string(let literal):
            return literal.isBlock ? Self.blockString(literal.value) : Self.quoted(literal.value)
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items):
            let printed = items.map(\.errorDescription)
            if 2 + Self.joinedLength(printed) > Self.maxLineLength {
                return "[\n" + Self.indented(printed.joined(separator: "\n")) + "\n]"
            }
            return "[" + printed.joined(separator: ", ") + "]"
        case .object(let fields):
            let printed = fields.map { "\($0.name): \($0.value.errorDescription)" }
            if 4 + Self.joinedLength(printed) > Self.maxLineLength {
                return "{\n" + Self.indented(printed.joined(separator: "\n")) + "\n}"
            }
            return "{ " + printed.joined(separator: ", ") + " }"
        }
    }

    private static let maxLineLength = 80

    /// The length of the items joined by `", "`, as graphql-core's printer measures before wrapping.
    private static func joinedLength(_ items: [String]) -> Int {
        var length = 0
        for item in items where !item.isEmpty {
            length += (length > 0 ? 2 : 0) + item.unicodeScalars.count
        }
        return length
    }

    private static func indented(_ text: String) -> String {
        "  " + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
    }

    /// graphql-core's `print_string`: JSON-style escapes for quotes, backslashes and control characters.
    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// graphql-core's `print_block_string`: one line when it can be, else the value between lines of `"""`.
    private static func blockString(_ value: String) -> String {
        let escaped = value.split(separator: "\"\"\"", omittingEmptySubsequences: false).joined(separator: "\\\"\"\"")
        let lines = escaped.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let isWhitespace: (Character?) -> Bool = { $0 == " " || $0 == "\t" }
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || isWhitespace($0.first) }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let forceTrailingNewLine = hasTrailingQuote || value.hasSuffix("\\")
        let multipleLines =
            !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        var result = ""
        let skipLeadingNewLine = isSingleLine && isWhitespace(value.first)
        if (multipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if multipleLines || forceTrailingNewLine { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }
}
