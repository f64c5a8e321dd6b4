extension JSONValueDecoder {
    /// The `Decoder` for one value; it is also that value's single-value container.
    final class ValueDecoder: Decoder, SingleValueDecodingContainer {
        let value: JSONValue
        let node: CodingPathNode
        let context: DecodingContext

        init(value: JSONValue, node: CodingPathNode, context: DecodingContext) {
            self.value = value
            self.node = node
            self.context = context
        }

        var codingPath: [any CodingKey] { node.path }

        var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let object) = value else {
                throw Unboxing.mismatch([String: JSONValue].self, value, codingPath: codingPath)
            }
            return KeyedDecodingContainer(KeyedContainer<Key>(object: object, node: node, context: context))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let items) = value else {
                throw Unboxing.mismatch([JSONValue].self, value, codingPath: codingPath)
            }
            return UnkeyedContainer(items: items, node: node, context: context)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        // MARK: SingleValueDecodingContainer

        private var here: CodingPathReference { CodingPathReference(parent: node, key: nil) }

        func decodeNil() -> Bool { value.isNull }
        func decode(_ type: Bool.Type) throws -> Bool { try Unboxing.bool(value, at: here) }
        func decode(_ type: String.Type) throws -> String { try Unboxing.string(value, at: here) }
        func decode(_ type: Double.Type) throws -> Double { try Unboxing.double(value, at: here) }
        func decode(_ type: Float.Type) throws -> Float { try Unboxing.float(value, at: here) }
        func decode(_ type: Int.Type) throws -> Int { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: Int8.Type) throws -> Int8 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: Int16.Type) throws -> Int16 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: Int32.Type) throws -> Int32 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: Int64.Type) throws -> Int64 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: UInt.Type) throws -> UInt { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try Unboxing.integer(value, as: type, at: here) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try Unboxing.integer(value, as: type, at: here) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try Unboxing.decodable(value, as: type, at: here, context: context)
        }
    }
}
