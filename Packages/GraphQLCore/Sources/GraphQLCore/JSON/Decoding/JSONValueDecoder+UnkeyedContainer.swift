extension JSONValueDecoder {
    /// An array's container: reads advance `currentIndex` only when they succeed, as in `JSONDecoder`.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let items: [JSONValue]
        let node: CodingPathNode
        let context: DecodingContext
        private(set) var currentIndex = 0

        init(items: [JSONValue], node: CodingPathNode, context: DecodingContext) {
            self.items = items
            self.node = node
            self.context = context
        }

        var codingPath: [any CodingKey] { node.path }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private var here: CodingPathReference {
            CodingPathReference(parent: node, key: JSONCodingKey(index: currentIndex))
        }

        /// Reads the current element with `read` and advances past it when `read` succeeds.
        private mutating func next<T>(_ type: Any.Type, _ read: (JSONValue, CodingPathReference) throws -> T) throws
            -> T
        {
            guard currentIndex < items.count else {
                throw DecodingError.valueNotFound(
                    type,
                    DecodingError.Context(
                        codingPath: here.path, debugDescription: "Unkeyed container is at end."))
            }
            let result = try read(items[currentIndex], here)
            currentIndex += 1
            return result
        }

        mutating func decodeNil() throws -> Bool {
            let isNull = try next(Never?.self) { value, _ in value.isNull }
            if !isNull { currentIndex -= 1 }
            return isNull
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try Unboxing.bool($0, at: $1) } }
        mutating func decode(_ type: String.Type) throws -> String {
            try next(type) { try Unboxing.string($0, at: $1) }
        }
        mutating func decode(_ type: Double.Type) throws -> Double {
            try next(type) { try Unboxing.double($0, at: $1) }
        }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try Unboxing.float($0, at: $1) } }
        mutating func decode(_ type: Int.Type) throws -> Int {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: Int8.Type) throws -> Int8 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: Int16.Type) throws -> Int16 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: Int32.Type) throws -> Int32 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: Int64.Type) throws -> Int64 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: UInt.Type) throws -> UInt {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
            try next(type) { try Unboxing.integer($0, as: type, at: $1) }
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let context = context
            return try next(type) { try Unboxing.decodable($0, as: type, at: $1, context: context) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let context = context
            return try next(KeyedDecodingContainer<NestedKey>.self) { value, path in
                try ValueDecoder(value: value, node: path.node, context: context).container(keyedBy: type)
            }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let context = context
            return try next((any UnkeyedDecodingContainer).self) { value, path in
                try ValueDecoder(value: value, node: path.node, context: context).unkeyedContainer()
            }
        }

        mutating func superDecoder() throws -> any Decoder {
            let context = context
            return try next((any Decoder).self) { value, path in
                ValueDecoder(value: value, node: path.node, context: context)
            }
        }
    }
}
