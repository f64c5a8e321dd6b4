import Foundation

extension JSONValue {
    /// Parses JSON text (UTF-8).
    ///
    /// Throws ``GraphQLCoreError`` with code ``GraphQLCoreError/Code/invalidJSON`` for text that is not
    /// JSON, and never crashes or overflows the stack, however deep the nesting.
    public init(parsing data: Data) throws(GraphQLCoreError) {
        // Placeholder through JSONSerialization; replaced by the dedicated reader.
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw GraphQLCoreError(.invalidJSON, "not JSON: \(error.localizedDescription)")
        }
        self = Self.fromFoundation(object)
    }

    private static func fromFoundation(_ value: Any) -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let string as String: return .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                return .bool(number.boolValue)
            }
            if let int = Int(exactly: number.doubleValue), !String(describing: number).contains(".") { return .int(int) }
            return .double(number.doubleValue)
        case let array as [Any]: return .array(array.map(fromFoundation))
        case let dictionary as [String: Any]:
            return .object(JSONObject(dictionary.sorted { $0.key < $1.key }.map { ($0.key, fromFoundation($0.value)) }))
        default: return .null
        }
    }
}

extension JSONValue {
    /// The value as compact JSON text (UTF-8), keys in the object's order; with `sortedKeys`, keys
    /// sorted at every level so that equal values print to equal bytes.
    public func serialized(sortedKeys: Bool = false) -> Data {
        Data(serializedString(sortedKeys: sortedKeys).utf8)
    }

    /// The value as compact JSON text; see ``serialized(sortedKeys:)``.
    public func serializedString(sortedKeys: Bool = false) -> String {
        var out = ""
        Self.append(self, sortedKeys: sortedKeys, to: &out)
        return out
    }

    private static func append(_ value: JSONValue, sortedKeys: Bool, to out: inout String) {
        switch value {
        case .object(let object) where !sortedKeys:
            out.append("{")
            for (index, (key, item)) in zip(object.keys, object.values).enumerated() {
                if index > 0 { out.append(",") }
                StorageKey.appendQuoted(key, to: &out)
                out.append(":")
                append(item, sortedKeys: sortedKeys, to: &out)
            }
            out.append("}")
        case .array(let items) where !sortedKeys:
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                append(item, sortedKeys: sortedKeys, to: &out)
            }
            out.append("]")
        case .double(let double):
            out.append(double.isFinite ? "\(double)" : "null")
        default:
            StorageKey.appendCanonical(value, to: &out)
        }
    }
}
