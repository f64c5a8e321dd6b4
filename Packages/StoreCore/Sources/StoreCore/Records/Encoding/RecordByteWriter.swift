import GraphQLCore

/// Appends values in the record format (``RecordEncoding``) to a byte array.
struct RecordByteWriter {
    private(set) var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written.
    var count: Int { bytes.count }

    /// Forgets the bytes written, keeping the room: a writer reused for record after record.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Forgets the last `count` bytes written, keeping the room: a writer used as a stack.
    mutating func removeLast(_ count: Int) { bytes.removeLast(count) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes(body)
    }

    /// Appends bytes as they are (a value copied from another record's bytes).
    mutating func append(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    @inline(__always) mutating func varint(_ value: UInt64) {
        // Keys, counts and lengths are mostly one byte.
        if value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value))
            return
        }
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func int64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A field's value: `null`, a scalar, a link, a list of links or a field error.
    mutating func value(_ value: RecordValue) {
        switch value {
        case .null: byte(RecordTag.null)
        case .scalar(let scalar): json(scalar)
        case .link(let dataID):
            byte(RecordTag.link)
            text(dataID.rawValue)
        case .links(let items):
            byte(RecordTag.links)
            varint(UInt64(items.count))
            // Scalars stand in a list only beside the field errors of a list of leaves (decision
            // 0218); their JSON tags are never a link's, so a reader tells them apart.
            for item in items { self.value(item) }
        case .fieldError(let error):
            byte(RecordTag.fieldError)
            json(error.stored)
        }
    }

    /// A scalar (or, inside a JSON scalar, any JSON value).
    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: byte(RecordTag.null)
        case .bool(let flag): byte(flag ? RecordTag.true : RecordTag.false)
        case .int(let number):
            byte(RecordTag.int)
            let wide = Int64(number)
            varint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
        case .bigInt(let digits):
            byte(RecordTag.bigInt)
            text(digits)
        case .double(let number):
            byte(RecordTag.double)
            int64(Int64(bitPattern: number.bitPattern))
        case .string(let string):
            byte(RecordTag.string)
            text(string)
        case .array(let items):
            byte(RecordTag.array)
            varint(UInt64(items.count))
            for item in items { json(item) }
        case .object(let object):
            byte(RecordTag.object)
            varint(UInt64(object.count))
            for (key, item) in object {
                text(key)
                json(item)
            }
        }
    }
}
