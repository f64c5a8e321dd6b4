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
    ///
    /// Open arrays and objects wait on an explicit stack, so a value of any depth (an app can build
    /// one) is written without recursing.
    static func appendCanonical(_ value: JSONValue, to out: inout String) {
        enum Open {
            case array([JSONValue], next: Int)
            case object([(key: String, value: JSONValue)], next: Int)
        }
        var stack: [Open] = []
        var pending: JSONValue? = value
        while true {
            if let next = pending {
                pending = nil
                switch next {
                case .array(let items):
                    out.append("[")
                    stack.append(.array(items, next: 0))
                case .object(let object):
                    out.append("{")
                    let sorted = zip(object.keyStorage, object.valueStorage).sorted { $0.0 < $1.0 }
                    stack.append(.object(sorted.map { (key: $0.0, value: $0.1) }, next: 0))
                default:
                    appendScalar(next, to: &out)
                }
            }
            guard let top = stack.popLast() else { return }
            switch top {
            case .array(let items, let index):
                guard index < items.count else {
                    out.append("]")
                    continue
                }
                if index > 0 { out.append(",") }
                stack.append(.array(items, next: index + 1))
                pending = items[index]
            case .object(let members, let index):
                guard index < members.count else {
                    out.append("}")
                    continue
                }
                if index > 0 { out.append(",") }
                appendQuoted(members[index].key, to: &out)
                out.append(":")
                stack.append(.object(members, next: index + 1))
                pending = members[index].value
            }
        }
    }

    /// Appends a value that is neither an array nor an object.
    private static func appendScalar(_ value: JSONValue, to out: inout String) {
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
        case .array, .object: break
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
