/// Builds the key a field's value is stored under: `name` alone, or `name(a:1,b:"x")`.
///
/// Arguments come in name order and values print canonically (object keys sorted, no spaces), so two
/// documents that pass equal arguments in any order or spelling share one stored value.
public enum StorageKey {
    /// The storage key for a field with these (name-sorted) arguments and variables.
    public static func make(name: String, arguments: [CompiledArgument], variables: JSONObject) -> String {
        if arguments.isEmpty { return name }
        var key = name
        key.append("(")
        var first = true
        for argument in arguments {
            guard let value = argument.value.resolved(variables: variables) else { continue }
            if !first { key.append(",") }
            first = false
            key.append(argument.name)
            key.append(":")
            appendCanonical(value, to: &key)
        }
        if first { return name }
        key.append(")")
        return key
    }

    /// Appends `value` as JSON with object keys sorted, which makes equal values print equally.
    static func appendCanonical(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out.append("null")
        case .bool(let bool): out.append(bool ? "true" : "false")
        case .int(let int): out.append(String(int))
        case .bigInt(let digits): out.append(digits)
        case .double(let double):
            // An integral value prints as the integer (`1.0` and `1` are one GraphQL Float), up to
            // 2^53, the largest range where every integer is a Double and a reader could make either;
            // beyond it `Int` and `Double` would not agree digit for digit anyway.
            if double.rounded() == double, abs(double) <= 9_007_199_254_740_992 {
                out.append(String(Int(double)))
            } else {
                out.append(String(double))
            }
        case .string(let string): appendQuoted(string, to: &out)
        case .array(let items):
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                appendCanonical(item, to: &out)
            }
            out.append("]")
        case .object(let object):
            out.append("{")
            let sorted = zip(object.keys, object.values).sorted { $0.0 < $1.0 }
            for (index, (key, item)) in sorted.enumerated() {
                if index > 0 { out.append(",") }
                appendQuoted(key, to: &out)
                out.append(":")
                appendCanonical(item, to: &out)
            }
            out.append("}")
        }
    }

    static func appendQuoted(_ string: String, to out: inout String) {
        out.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if scalar.value < 0x20 {
                    out.append("\\u")
                    let hex = String(scalar.value, radix: 16)
                    out.append(String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
