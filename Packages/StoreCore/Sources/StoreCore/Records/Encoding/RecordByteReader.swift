import GraphQLCore

/// Reads values in the record format (``RecordEncoding``) from bytes that may be hostile: every
/// read checks the bytes left, and every count is bounded by them before anything is reserved.
struct RecordByteReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    private let maximumDepth: Int
    private var depth = 0

    init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(RecordEncodingError) -> UInt8 {
        guard offset < bytes.count else { throw RecordEncodingError(.truncated, "the bytes end early", offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func varint() throws(RecordEncodingError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            // The tenth byte holds bit 63 only.
            guard shift < 63 || next <= 1 else {
                throw RecordEncodingError(
                    .integerOverflow, "a variable-length integer runs over 64 bits", offset: start)
            }
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    mutating func int64() throws(RecordEncodingError) -> Int64 {
        guard remaining >= 8 else {
            throw RecordEncodingError(.truncated, "the bytes end inside an integer", offset: offset)
        }
        var value: Int64 = 0
        withUnsafeMutableBytes(of: &value) {
            $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 8]))
        }
        offset += 8
        return Int64(littleEndian: value)
    }

    /// A count of items that each take at least one byte: never more than the bytes left.
    mutating func count() throws(RecordEncodingError) -> Int {
        let start = offset
        let value = try varint()
        guard value <= UInt64(remaining) else {
            throw RecordEncodingError(.countTooLarge, "a count of \(value) with \(remaining) bytes left", offset: start)
        }
        return Int(value)
    }

    /// A key index, looked up in `keys`.
    mutating func key(in keys: RecordKeyTable) throws(RecordEncodingError) -> String {
        let start = offset
        let index = try varint()
        guard index < UInt64(keys.count) else {
            throw RecordEncodingError(.unknownKey, "key index \(index) in a table of \(keys.count)", offset: start)
        }
        return keys.keys[Int(index)]
    }

    mutating func text() throws(RecordEncodingError) -> String {
        let length = try count()
        let start = offset
        // Raw bytes are bound to nothing; reading them as `UInt8` is always sound.
        let utf8 = UnsafeBufferPointer(
            start: bytes.baseAddress?.advanced(by: start).assumingMemoryBound(to: UInt8.self), count: length)
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw RecordEncodingError(.invalidText, "a string that is not UTF-8", offset: start)
        }
        offset += length
        return text
    }

    /// A field's value: `null`, a scalar, a link, a list of links or a field error.
    mutating func value() throws(RecordEncodingError) -> RecordValue {
        let start = offset
        let tag = try byte()
        switch tag {
        case RecordTag.null: return .null
        case RecordTag.link: return .link(DataID(try text()))
        case RecordTag.links: return try links(start: start)
        case RecordTag.fieldError: return try fieldError(start: start)
        default: return .scalar(try json(tag: tag, start: start))
        }
    }

    /// A field error whose tag, at `start`, was just read.
    private mutating func fieldError(start: Int) throws(RecordEncodingError) -> RecordValue {
        let objectStart = offset
        guard let error = FieldError(stored: try json(tag: try byte(), start: objectStart)) else {
            throw RecordEncodingError(.unknownTag, "a field error that is not a message with a path", offset: start)
        }
        return .fieldError(error)
    }

    private mutating func links(start: Int) throws(RecordEncodingError) -> RecordValue {
        try enter(at: start)
        defer { depth -= 1 }
        let count = try count()
        var items: [RecordValue] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            let itemStart = offset
            switch try byte() {
            case RecordTag.null: items.append(.null)
            case RecordTag.link: items.append(.link(DataID(try text())))
            case RecordTag.links: items.append(try links(start: itemStart))
            case RecordTag.fieldError: items.append(try fieldError(start: itemStart))
            // An item of a list of leaves kept with its items' field errors (decision 0218).
            case let tag: items.append(.scalar(try json(tag: tag, start: itemStart)))
            }
        }
        return .links(items)
    }

    /// A JSON value whose tag byte, at `start`, was just read.
    private mutating func json(tag: UInt8, start: Int) throws(RecordEncodingError) -> JSONValue {
        switch tag {
        case RecordTag.null: return .null
        case RecordTag.false: return .bool(false)
        case RecordTag.true: return .bool(true)
        case RecordTag.int:
            let zigzag = try varint()
            let wide = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            guard let number = Int(exactly: wide) else {
                throw RecordEncodingError(.integerOverflow, "an integer wider than this platform's Int", offset: start)
            }
            return .int(number)
        case RecordTag.double: return .double(Double(bitPattern: UInt64(bitPattern: try int64())))
        case RecordTag.string: return .string(try text())
        case RecordTag.bigInt:
            let digits = try text()
            let magnitude = digits.utf8.first == UInt8(ascii: "-") ? digits.utf8.dropFirst() : digits.utf8[...]
            guard let first = magnitude.first, first != UInt8(ascii: "0"),
                magnitude.allSatisfy({ UInt8(ascii: "0") <= $0 && $0 <= UInt8(ascii: "9") })
            else {
                throw RecordEncodingError(.invalidText, "a big integer whose text is not its digits", offset: start)
            }
            return .bigInt(digits)
        case RecordTag.array:
            try enter(at: start)
            defer { depth -= 1 }
            let count = try count()
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                let itemStart = offset
                items.append(try json(tag: try byte(), start: itemStart))
            }
            return .array(items)
        case RecordTag.object:
            try enter(at: start)
            defer { depth -= 1 }
            // Each member takes at least two bytes (an empty key's length and a tag).
            let count = try count()
            var object = JSONObject(minimumCapacity: count)
            var seen = Set<String>()
            for _ in 0..<count {
                let keyStart = offset
                let key = try text()
                guard seen.insert(key).inserted else {
                    throw RecordEncodingError(.duplicateKey, "a JSON object holds one key twice", offset: keyStart)
                }
                let itemStart = offset
                object.appendNew(key: key, value: try json(tag: try byte(), start: itemStart))
            }
            return .object(object)
        default:
            throw RecordEncodingError(.unknownTag, "tag \(tag) where a value belongs", offset: start)
        }
    }

    private mutating func enter(at start: Int) throws(RecordEncodingError) {
        guard depth < maximumDepth else {
            throw RecordEncodingError(.nestingTooDeep, "lists or JSON nest deeper than \(maximumDepth)", offset: start)
        }
        depth += 1
    }
}
