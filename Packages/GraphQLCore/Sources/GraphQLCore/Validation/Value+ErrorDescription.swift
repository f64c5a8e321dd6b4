extension Value {
    /// The value as graphql-core prints it inside an error message: `"text"`, `[1, 2]`, `{ a: 1 }`.
    var errorDescription: String {
        switch self {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text): return text
        case .string(let literal):
            return literal.isBlock ? Self.blockString(literal.value) : Self.quoted(literal.value)
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items): return "[" + items.map(\.errorDescription).joined(separator: ", ") + "]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{ " + fields.map { "\($0.name): \($0.value.errorDescription)" }.joined(separator: ", ") + " }"
        }
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

    /// A one-line block string as graphql-core prints it; multi-line ones print differently there.
    private static func blockString(_ value: String) -> String {
        "\"\"\"" + value + "\"\"\""
    }
}
