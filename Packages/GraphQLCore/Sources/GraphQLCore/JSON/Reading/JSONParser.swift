/// The reader's engine: one pass over UTF-8 bytes, building ``JSONValue``s bottom-up.
///
/// It is iterative, not recursive: open containers live on explicit stacks, so the depth of the
/// input never becomes depth of the call stack, and the nesting limit is a plain counter. Values of
/// open containers wait on one ``MoveStack`` and move into an exact-size array when their container
/// closes.
struct JSONParser: ~Copyable {
    /// An open array or object.
    struct Frame {
        /// Where this container's values begin on the value stack.
        var valueStart: Int
        /// Where this object's keys begin on the key stack.
        var keyStart: Int
        var isObject: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0
    var frames: [Frame] = []
    var values = MoveStack<JSONValue>(capacity: 64)
    var keys = MoveStack<String>(capacity: 32)
    /// Reused for strings with escapes, so that each one does not allocate its own buffer.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads the whole input as one JSON text: a value between optional whitespace.
    mutating func parseDocument() throws(GraphQLCoreError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else { throw unexpectedByte(expecting: "the end of the input") }
        return value
    }

    /// Reads one value from the current position, inside the containers already open (``frames``),
    /// which it leaves as it found them.
    mutating func parseValue() throws(GraphQLCoreError) -> JSONValue {
        let base = frames.count
        nextValue: while true {
            guard position < bytes.count else {
                throw failure(frames.isEmpty ? "the input holds no JSON value" : "the input ends inside a value")
            }
            var value: JSONValue
            switch bytes[position] {
            case ASCII.quote:
                position += 1
                value = .string(try readString())
            case ASCII.openBrace:
                try open(isObject: true)
                skipWhitespace()
                if position < bytes.count, bytes[position] == ASCII.closeBrace {
                    position += 1
                    frames.removeLast()
                    value = .object(JSONObject())
                } else {
                    keys.push(try readKey())
                    continue nextValue
                }
            case ASCII.openBracket:
                try open(isObject: false)
                skipWhitespace()
                if position < bytes.count, bytes[position] == ASCII.closeBracket {
                    position += 1
                    frames.removeLast()
                    value = .array([])
                } else {
                    continue nextValue
                }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                value = try readNumber()
            case ASCII.t:
                try expectLiteral("true")
                value = .bool(true)
            case ASCII.f:
                try expectLiteral("false")
                value = .bool(false)
            case ASCII.n:
                try expectLiteral("null")
                value = .null
            default:
                throw unexpectedByte(expecting: "a value")
            }

            // The value is complete: hand it to its container, closing every container it completes.
            while true {
                guard frames.count > base else { return value }
                let frame = frames[frames.count - 1]
                values.push(value)
                skipWhitespace()
                guard position < bytes.count else { throw failure("the input ends inside a value") }
                let byte = bytes[position]
                position += 1
                if byte == ASCII.comma {
                    skipWhitespace()
                    if frame.isObject { keys.push(try readKey()) }
                    continue nextValue
                }
                if frame.isObject, byte == ASCII.closeBrace {
                    value = .object(closeObject(frame))
                } else if !frame.isObject, byte == ASCII.closeBracket {
                    value = .array(values.popArray(from: frame.valueStart))
                } else {
                    position -= 1
                    throw unexpectedByte(expecting: frame.isObject ? "',' or '}'" : "',' or ']'")
                }
                frames.removeLast()
            }
        }
    }

    mutating func open(isObject: Bool) throws(GraphQLCoreError) {
        guard frames.count < maximumDepth else {
            throw failure("arrays and objects nest deeper than the limit of \(maximumDepth)")
        }
        position += 1
        frames.append(Frame(valueStart: values.count, keyStart: keys.count, isObject: isObject))
    }

    /// Reads `"key"` and the `:` after it, and returns the key; the position is at the key's
    /// opening quote.
    mutating func readKey() throws(GraphQLCoreError) -> String {
        guard position < bytes.count, bytes[position] == ASCII.quote else {
            throw unexpectedByte(expecting: "a string key")
        }
        position += 1
        let key = try readString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == ASCII.colon else { throw unexpectedByte(expecting: "':'") }
        position += 1
        skipWhitespace()
        return key
    }

    mutating func closeObject(_ frame: Frame) -> JSONObject {
        let objectKeys = keys.popArray(from: frame.keyStart)
        let objectValues = values.popArray(from: frame.valueStart)
        if Self.hasDuplicates(objectKeys) {
            // Rare: a repeated key keeps its first position and its last value, as `JSONObject` does.
            // Through a dictionary of positions, so that a huge object with repeats stays linear.
            var positions: [String: Int] = [:]
            var keys: [String] = []
            var values: [JSONValue] = []
            for (key, value) in zip(objectKeys, objectValues) {
                if let position = positions[key] {
                    values[position] = value
                } else {
                    positions[key] = keys.count
                    keys.append(key)
                    values.append(value)
                }
            }
            return JSONObject(uncheckedKeys: keys, values: values)
        }
        return JSONObject(uncheckedKeys: objectKeys, values: objectValues)
    }

    private static func hasDuplicates(_ keys: [String]) -> Bool {
        if keys.count < 2 { return false }
        if keys.count <= 16 {
            for i in 1..<keys.count {
                for j in 0..<i where keys[i] == keys[j] { return true }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: keys.count)
        for key in keys where !seen.insert(key).inserted { return true }
        return false
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn: position += 1
            default: return
            }
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(GraphQLCoreError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for offset in 0..<count {
            guard position + offset < bytes.count, bytes[position + offset] == start[offset] else {
                position += offset
                throw unexpectedByte(expecting: "'\(literal)'")
            }
        }
        position += count
    }
}

// MARK: - Errors

extension JSONParser {
    /// An error at the current position.
    func failure(_ message: String) -> GraphQLCoreError {
        failure(message, at: position)
    }

    /// An error at byte `offset`, with its line and column.
    func failure(_ message: String, at offset: Int) -> GraphQLCoreError {
        let location = Self.location(of: offset, in: bytes)
        return GraphQLCoreError(
            .invalidJSON, "\(message) (byte \(offset), line \(location.line), column \(location.column))",
            locations: [location])
    }

    func unexpectedByte(expecting expected: String) -> GraphQLCoreError {
        guard position < bytes.count else { return failure("the input ends where \(expected) should be") }
        let byte = bytes[position]
        let shown =
            byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return failure("unexpected \(shown) where \(expected) should be")
    }

    /// The 1-based line and column of a byte offset; lines end at `\n`, `\r\n` or `\r`, and columns
    /// count Unicode scalars (UTF-8 continuation bytes do not start a column).
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        let end = Swift.min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
                if byte == ASCII.carriageReturn, index + 1 < end, bytes[index + 1] == ASCII.lineFeed { index += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}

/// The bytes the grammar names.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperE: UInt8 = 0x45
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let b: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let f: UInt8 = 0x66
    static let n: UInt8 = 0x6E
    static let r: UInt8 = 0x72
    static let t: UInt8 = 0x74
    static let u: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
}
