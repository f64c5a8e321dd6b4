import GraphQLCore

/// A parsed response, as `Store.publish(_:to:)` walks it.
extension JSONValue: NormalizerInput {
    var inputKind: InputKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int, .bigInt, .double: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    func memberCursor() -> ResponseCursor {
        guard case .object(let object) = self else { return ResponseCursor(JSONObject()) }
        return ResponseCursor(object)
    }

    func inputMember(_ key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    var inputString: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    var inputElements: [JSONValue] {
        guard case .array(let items) = self else { return [] }
        return items
    }

    var inputCount: Int {
        guard case .array(let items) = self else { return 0 }
        return items.count
    }

    func withPlainString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? { nil }

    func materialized() -> JSONValue { self }

    func keyObject() -> JSONObject {
        guard case .object(let object) = self else { return JSONObject() }
        return object
    }
}

extension ResponseCursor: NormalizerCursor {
    typealias Input = JSONValue
}
