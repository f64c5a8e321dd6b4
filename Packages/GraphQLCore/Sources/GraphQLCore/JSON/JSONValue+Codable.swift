import Foundation

extension JSONValue: Codable {
    /// Reads any value a decoder holds: null, a Bool, an integer, a floating-point number, a
    /// string, a keyed container as an object, or an unkeyed container as an array.
    ///
    /// From ``JSONValueDecoder`` this is the value itself, with nothing rebuilt. From other
    /// decoders an object's keys come in the decoder's `allKeys` order, which for `JSONDecoder` is
    /// not the document's; a number reads as `.int` when the decoder gives it as an `Int`.
    public init(from decoder: any Decoder) throws {
        if let valueDecoder = decoder as? JSONValueDecoder.ValueDecoder {
            self = valueDecoder.value
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
                return
            }
            if let int = try? container.decode(Int.self) {
                self = .int(int)
                return
            }
            if let double = try? container.decode(Double.self) {
                self = .double(double)
                return
            }
            if let string = try? container.decode(String.self) {
                self = .string(string)
                return
            }
        }
        if let container = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var object = JSONObject(minimumCapacity: container.allKeys.count)
            for key in container.allKeys {
                object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            if let count = container.count { array.reserveCapacity(count) }
            while !container.isAtEnd {
                array.append(try container.decode(JSONValue.self))
            }
            self = .array(array)
            return
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "The value is not a JSON value."))
    }

    /// Writes the value: scalars to a single-value container, objects (in key order) to a keyed
    /// container, arrays to an unkeyed container.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .int(let int):
            var container = encoder.singleValueContainer()
            try container.encode(int)
        case .bigInt(let digits):
            // Foundation's JSONEncoder writes a Decimal as a number; it holds 38 significant digits.
            var container = encoder.singleValueContainer()
            if let decimal = Decimal(string: digits) {
                try container.encode(decimal)
            } else {
                try container.encode(Double(digits) ?? .nan)
            }
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let object):
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in zip(object.keyStorage, object.valueStorage) {
                try container.encode(value, forKey: JSONCodingKey(key))
            }
        }
    }
}
