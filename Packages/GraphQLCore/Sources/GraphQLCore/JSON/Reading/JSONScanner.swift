/// The JSON grammar (RFC 8259), once: every reader of JSON text in the package walks its bytes
/// through a scanner, so that the rules, the limits and the errors are the same whatever the reader
/// builds.
///
/// The scanner checks the structure (containers, commas, colons, keys, literals, whitespace and the
/// nesting limit) and hands each token to a ``JSONTokenSink``, which reads a string or a number
/// through the scanner in the way it needs: the tree reader makes values of them, the tape records
/// where they lie, and a skip only checks them. It is iterative, not recursive: open containers live
/// on a stack, so the depth of the input never becomes depth of the call stack.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0
    /// Whether each open container is an object; its count is the nesting depth.
    var open: [Bool] = []
    /// Reused for strings with escapes, so that each one does not allocate its own buffer.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        open.reserveCapacity(16)
    }

    /// Reads the whole input as one JSON text, a value between optional whitespace, into `sink`.
    mutating func scanDocument<Sink: JSONTokenSink & ~Copyable>(into sink: inout Sink) throws(GraphQLCoreError) {
        skipWhitespace()
        try scanValue(into: &sink)
        try expectEnd()
    }

    /// Checks that only whitespace is left.
    mutating func expectEnd() throws(GraphQLCoreError) {
        skipWhitespace()
        guard position == bytes.count else { throw unexpectedByte(expecting: "the end of the input") }
    }

    /// Reads one value from the current position into `sink`, inside the containers already open,
    /// which it leaves as it found them.
    mutating func scanValue<Sink: JSONTokenSink & ~Copyable>(into sink: inout Sink) throws(GraphQLCoreError) {
        let base = open.count
        nextValue: while true {
            guard position < bytes.count else {
                throw failure(open.isEmpty ? "the input holds no JSON value" : "the input ends inside a value")
            }
            switch bytes[position] {
            case ASCII.quote:
                try sink.string(&self)
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = bytes[position] == ASCII.openBrace
                sink.open(isObject: isObject, at: position)
                try enter(isObject: isObject)
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    position += 1
                    open.removeLast()
                    sink.close(isObject: isObject)
                } else {
                    if isObject { try scanKey(into: &sink) }
                    continue nextValue
                }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                try sink.number(&self)
            case ASCII.t:
                try expectLiteral("true")
                sink.literal(.true, at: position - 4)
            case ASCII.f:
                try expectLiteral("false")
                sink.literal(.false, at: position - 5)
            case ASCII.n:
                try expectLiteral("null")
                sink.literal(.null, at: position - 4)
            default:
                throw unexpectedByte(expecting: "a value")
            }

            // The value is complete: go on in its container, closing every container it completes.
            while open.count > base {
                let isObject = open[open.count - 1]
                skipWhitespace()
                guard position < bytes.count else { throw failure("the input ends inside a value") }
                let byte = bytes[position]
                position += 1
                if byte == ASCII.comma {
                    skipWhitespace()
                    if isObject { try scanKey(into: &sink) }
                    continue nextValue
                }
                guard byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    position -= 1
                    throw unexpectedByte(expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                open.removeLast()
                sink.close(isObject: isObject)
            }
            return
        }
    }

    /// Opens the container whose bracket is at the position, within the nesting limit.
    mutating func enter(isObject: Bool) throws(GraphQLCoreError) {
        guard open.count < maximumDepth else {
            throw failure("arrays and objects nest deeper than the limit of \(maximumDepth)")
        }
        position += 1
        open.append(isObject)
    }

    /// Reads `"key"` into `sink` and the `:` after it; the position is at the key's opening quote.
    mutating func scanKey<Sink: JSONTokenSink & ~Copyable>(into sink: inout Sink) throws(GraphQLCoreError) {
        guard position < bytes.count, bytes[position] == ASCII.quote else {
            throw unexpectedByte(expecting: "a string key")
        }
        try sink.key(&self)
        try expectColon()
    }

    /// Moves past the `:` after a key and the whitespace around it.
    mutating func expectColon() throws(GraphQLCoreError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == ASCII.colon else { throw unexpectedByte(expecting: "':'") }
        position += 1
        skipWhitespace()
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
