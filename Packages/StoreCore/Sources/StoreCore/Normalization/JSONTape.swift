import GraphQLCore

/// A response's JSON text as one entry a token, checked as JSON (RFC 8259) whole while it is built,
/// so the normalizer can walk a response with no `JSONValue` tree alive (decision 0140's amendment on
/// the peak of a publish): 8 bytes a token where the tree spends about 24 a value plus its arrays and
/// strings.
///
/// The rules are `JSONReader`'s, and so are its limits: nesting at most
/// `JSONReader.Options.maximumDepth` (512), no byte order mark, no trailing commas or leading zeros,
/// control characters escaped, valid UTF-8, paired surrogates. Strings that are not plain ASCII, or
/// hold an escape, are checked by `JSONReader` itself (a string of one token), so that escapes and
/// UTF-8 follow exactly the rules the tree path follows; numbers are turned into values the same way
/// when they are not small integers, so they come out exactly as the tree's.
struct JSONTape {
    /// One token: where it starts in the bytes, its kind, and for a scalar its length in bytes or for
    /// an array or object the index of the entry after its end.
    struct Entry {
        /// The token's first byte: the quote of a string, the bracket of a container.
        var offset: UInt32
        /// The kind in the top 3 bits; the length or the end below them.
        var packed: UInt32

        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: packed >> 29))! }
        var payload: Int { Int(packed & JSONTape.payloadMask) }
    }

    /// What a token is. `escapedString` holds an escape or a byte beyond ASCII: it is made into a
    /// `String` through `JSONReader`, the others straight from their bytes.
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, escapedString, array, object
    }

    static let payloadMask: UInt32 = (1 << 29) - 1

    /// The entries, in the order of the text. The bytes are not kept: the caller holds them for as
    /// long as the tape is walked, so a publish holds one copy of the response, not two.
    private(set) var entries: [Entry] = []

    /// How many objects the text holds: at most the records a response writes (each object is one,
    /// or a custom scalar's value), so the batch can be sized before the walk.
    private(set) var objectCount = 0

    /// Builds the tape of `bytes`, or throws ``StoreError/Code/invalidJSON`` when they are not one
    /// JSON text within the reader's limits.
    init(
        bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONReader.Options.default.maximumDepth
    ) throws(StoreError) {
        guard bytes.count <= Int(Self.payloadMask) else {
            throw StoreError(.invalidJSON, "the response is larger than the \(Self.payloadMask) bytes a tape can hold")
        }
        var builder = Builder(maximumDepth: maximumDepth)
        try builder.build(bytes)
        entries = builder.entries
        objectCount = builder.objectCount
    }
}

extension JSONTape {
    /// The one pass that checks the text and writes the entries. Iterative: open containers are the
    /// indices of their entries on a stack, so the input's depth never becomes the call stack's.
    private struct Builder {
        let maximumDepth: Int
        var entries: [Entry] = []
        var objectCount = 0
        var open: [Int] = []
        var position = 0

        init(maximumDepth: Int) {
            self.maximumDepth = maximumDepth
            entries.reserveCapacity(256)
        }

        mutating func build(_ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
            skipWhitespace(bytes)
            nextValue: while true {
                guard position < bytes.count else {
                    throw failure(open.isEmpty ? "the input holds no JSON value" : "the input ends inside a value")
                }
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    try readString(bytes)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = bytes[position] == UInt8(ascii: "{")
                    guard open.count < maximumDepth else {
                        throw failure("arrays and objects nest deeper than the limit of \(maximumDepth)")
                    }
                    open.append(entries.count)
                    if isObject { objectCount += 1 }
                    append(isObject ? .object : .array, at: position, payload: 0)
                    position += 1
                    skipWhitespace(bytes)
                    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if position < bytes.count, bytes[position] == close {
                        position += 1
                        closeContainer()
                    } else {
                        if isObject { try readKey(bytes) }
                        continue nextValue
                    }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try readNumber(bytes)
                case UInt8(ascii: "t"):
                    try expect("true", bytes)
                    append(.true, at: position - 4, payload: 4)
                case UInt8(ascii: "f"):
                    try expect("false", bytes)
                    append(.false, at: position - 5, payload: 5)
                case UInt8(ascii: "n"):
                    try expect("null", bytes)
                    append(.null, at: position - 4, payload: 4)
                default:
                    throw unexpectedByte(bytes, expecting: "a value")
                }
                // The value is complete: go on in its container, closing every container it completes.
                while true {
                    guard let container = open.last else {
                        skipWhitespace(bytes)
                        guard position == bytes.count else {
                            throw unexpectedByte(bytes, expecting: "the end of the input")
                        }
                        return
                    }
                    let isObject = entries[container].kind == .object
                    skipWhitespace(bytes)
                    guard position < bytes.count else { throw failure("the input ends inside a value") }
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: ",") {
                        skipWhitespace(bytes)
                        if isObject { try readKey(bytes) }
                        continue nextValue
                    }
                    guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                        position -= 1
                        throw unexpectedByte(bytes, expecting: isObject ? "',' or '}'" : "',' or ']'")
                    }
                    closeContainer()
                }
            }
        }

        private mutating func closeContainer() {
            let container = open.removeLast()
            entries[container].packed |= UInt32(entries.count)
        }

        private mutating func append(_ kind: Kind, at offset: Int, payload: Int) {
            entries.append(Entry(offset: UInt32(offset), packed: UInt32(kind.rawValue) << 29 | UInt32(payload)))
        }

        private mutating func readKey(_ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw unexpectedByte(bytes, expecting: "a string key")
            }
            try readString(bytes)
            skipWhitespace(bytes)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw unexpectedByte(bytes, expecting: "':'")
            }
            position += 1
            skipWhitespace(bytes)
        }

        /// A string; the position is at its opening quote. Plain ASCII with no escape is checked here
        /// (no control character); anything else by `JSONReader`, whose rules the tree path follows.
        private mutating func readString(_ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
            let start = position
            position += 1
            var plain = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    plain = false
                    position += 2
                    continue
                }
                if byte < 0x20 {
                    throw failure(
                        "a control character (0x\(String(byte, radix: 16, uppercase: true))) must be escaped in a string"
                    )
                }
                if byte >= 0x80 { plain = false }
                position += 1
            }
            guard position < bytes.count else {
                position = bytes.count
                throw failure("the input ends inside a string")
            }
            position += 1
            if !plain {
                do throws(GraphQLCoreError) {
                    _ = try JSONReader().read(
                        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<position])))
                } catch {
                    throw StoreError(.invalidJSON, "the string at byte \(start) is not valid JSON: \(error.message)")
                }
            }
            append(plain ? .string : .escapedString, at: start, payload: position - start)
        }

        /// A number, checked against RFC 8259's grammar; its value is made when it is read. A number
        /// with an exponent, or a fraction after more integer digits than a Double's largest value
        /// has, may be beyond a Double: `JSONReader` refuses those, so it checks them here, and the
        /// tape refuses what the tree path refuses rather than reading it later as something else.
        private mutating func readNumber(_ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
            let start = position
            try readNumberSyntax(bytes)
            let hasExponent = bytes[start..<position].contains { $0 | 0x20 == UInt8(ascii: "e") }
            let hasFraction = bytes[start..<position].contains(UInt8(ascii: "."))
            if hasExponent || (hasFraction && position - start > 300) {
                do throws(GraphQLCoreError) {
                    _ = try JSONReader().read(
                        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<position])))
                } catch {
                    throw StoreError(.invalidJSON, "the number at byte \(start) is not valid JSON: \(error.message)")
                }
            }
            append(.number, at: start, payload: position - start)
        }

        /// Moves past a number's text, checked against RFC 8259's grammar.
        private mutating func readNumberSyntax(_ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
            let start = position
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure("'-' must be followed by a digit")
            }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if position < bytes.count, isDigit(bytes[position]) {
                    throw failure("a number must not have leading zeros", at: start)
                }
            } else {
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard position < bytes.count, isDigit(bytes[position]) else {
                    throw failure("'.' must be followed by a digit")
                }
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
                {
                    position += 1
                }
                guard position < bytes.count, isDigit(bytes[position]) else {
                    throw failure("an exponent must have a digit")
                }
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        private mutating func expect(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
            let count = literal.utf8CodeUnitCount
            for offset in 0..<count {
                guard position + offset < bytes.count, bytes[position + offset] == literal.utf8Start[offset] else {
                    position += offset
                    throw unexpectedByte(bytes, expecting: "'\(literal)'")
                }
            }
            position += count
        }

        @inline(__always)
        private mutating func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) {
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
                default: return
                }
            }
        }

        private func failure(_ message: String) -> StoreError { failure(message, at: position) }

        private func failure(_ message: String, at offset: Int) -> StoreError {
            StoreError(.invalidJSON, "\(message) (byte \(offset))")
        }

        private func unexpectedByte(_ bytes: UnsafeBufferPointer<UInt8>, expecting expected: String) -> StoreError {
            guard position < bytes.count else { return failure("the input ends where \(expected) should be") }
            let byte = bytes[position]
            let shown =
                byte >= 0x20 && byte < 0x7F
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
            return failure("unexpected \(shown) where \(expected) should be")
        }
    }
}
