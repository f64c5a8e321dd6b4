/// Prints a JSON value inside an error message the way graphql-core's `inspect` does (Python's
/// `repr`: `'text'`, `True`, `None`, `{'a': 1}`), so that our messages read exactly like the
/// reference implementation's and the fixture tests can compare them word for word.
enum ValueInspection {
    private static let maxStringSize = 240
    private static let maxListSize = 10
    private static let maxDepth = 2

    static func inspect(_ value: JSONValue) -> String { inspect(value, depth: 0) }

    private static func inspect(_ value: JSONValue, depth: Int) -> String {
        switch value {
        case .null: return "None"
        case .bool(let bool): return bool ? "True" : "False"
        case .int(let int): return truncated(String(int))
        case .bigInt(let digits): return truncated(digits)
        case .double(let double): return pythonFloat(double)
        case .string(let string): return truncated(pythonString(string))
        case .array(let items):
            if items.isEmpty { return "[]" }
            if depth >= maxDepth { return "[...]" }
            return "[" + truncatedList(items.map { inspect($0, depth: depth + 1) }).joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            if depth >= maxDepth { return "{...}" }
            let pairs = object.map { pythonString($0.key) + ": " + inspect($0.value, depth: depth + 1) }
            return "{" + truncatedList(pairs).joined(separator: ", ") + "}"
        }
    }

    private static func truncated(_ string: String) -> String {
        guard string.count > maxStringSize else { return string }
        let head = (maxStringSize - 3) / 2
        let tail = maxStringSize - 3 - head
        return String(string.prefix(head)) + "..." + String(string.suffix(tail))
    }

    private static func truncatedList(_ items: [String]) -> [String] {
        guard items.count > maxListSize else { return items }
        let head = maxListSize / 2
        return Array(items.prefix(head)) + ["..."] + Array(items.suffix(head - 1))
    }

    /// Python's `repr(float)`: the shortest round-tripping digits, `1.0` for integral values,
    /// exponent form from 1e16 on and below 1e-4.
    private static func pythonFloat(_ double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double > 0 ? "inf" : "-inf" }
        return double.description
    }

    /// Python's `repr(str)`: single quotes unless the text has a single quote and no double quote.
    private static func pythonString(_ string: String) -> String {
        let quote: Character = string.contains("'") && !string.contains("\"") ? "\"" : "'"
        var out = String(quote)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Character(scalar) == quote {
                    out += "\\" + String(quote)
                } else if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append(quote)
        return out
    }
}
