extension JSONValueDecoder {
    /// An object's container.
    ///
    /// A class, not a struct: `KeyedDecodingContainer`'s box copies its container for every
    /// `decode` call, and a reference copies with one retain where the struct took four.
    final class KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: JSONObject
        let node: CodingPathNode
        let context: DecodingContext
        /// Where the next key is looked for first; see ``index(of:)``.
        private var nextKeyHint = 0

        init(object: JSONObject, node: CodingPathNode, context: DecodingContext) {
            self.object = object
            self.node = node
            self.context = context
        }

        var codingPath: [any CodingKey] { node.path }

        var allKeys: [Key] { object.keyStorage.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { index(of: key) != nil }

        /// The position of `key`. Synthesized `init(from:)` reads keys in declaration order, and
        /// responses usually list them in selection order, which is mostly the same: so the key
        /// after the last one found is tried first, and the scan is the fallback.
        private func index(of key: Key) -> Int? {
            let name = key.stringValue
            let keys = object.keyStorage
            let hint = nextKeyHint
            if hint < keys.count, keys[hint] == name {
                nextKeyHint = hint + 1
                return hint
            }
            guard let index = keys.firstIndex(of: name) else { return nil }
            nextKeyHint = index + 1
            return index
        }

        private func value(for key: Key) throws -> JSONValue {
            guard let index = index(of: key) else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
            }
            return object.valueStorage[index]
        }

        /// The value for `key`, or `nil` when it is absent or `null`: one scan for `decodeIfPresent`.
        private func presentValue(for key: Key) -> JSONValue? {
            // `.none` spelled out: a bare `nil` here could be the literal `JSONValue.null`.
            guard let index = index(of: key) else { return .none }
            let value = object.valueStorage[index]
            if value.isNull { return .none }
            return .some(value)
        }

        private func at(_ key: Key) -> CodingPathReference { CodingPathReference(parent: node, key: key) }

        func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try Unboxing.bool(value(for: key), at: at(key))
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try Unboxing.string(value(for: key), at: at(key))
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try Unboxing.double(value(for: key), at: at(key))
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try Unboxing.float(value(for: key), at: at(key))
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
            try Unboxing.integer(value(for: key), as: type, at: at(key))
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try Unboxing.decodable(value(for: key), as: type, at: at(key), context: context)
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try presentValue(for: key).map { try Unboxing.bool($0, at: at(key)) }
        }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try presentValue(for: key).map { try Unboxing.string($0, at: at(key)) }
        }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
            try presentValue(for: key).map { try Unboxing.double($0, at: at(key)) }
        }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
            try presentValue(for: key).map { try Unboxing.integer($0, as: type, at: at(key)) }
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try presentValue(for: key).map { try Unboxing.decodable($0, as: type, at: at(key), context: context) }
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder(for: key, value: value(for: key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder(for: key, value: value(for: key)).unkeyedContainer()
        }

        /// The decoder for the key `super`, or `null` when the object has none, as `JSONDecoder` does.
        func superDecoder() throws -> any Decoder {
            let key = JSONCodingKey.super
            return ValueDecoder(value: object[key.stringValue] ?? .null, node: .key(key, node), context: context)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            decoder(for: key, value: object[key.stringValue] ?? .null)
        }

        private func decoder(for key: Key, value: JSONValue) -> ValueDecoder {
            ValueDecoder(value: value, node: .key(key, node), context: context)
        }
    }
}
