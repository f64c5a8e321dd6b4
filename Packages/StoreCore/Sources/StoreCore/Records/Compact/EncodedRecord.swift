import GraphQLCore
import Primitives

/// One record of the in-memory source read where it lies, in its bytes (`RecordEncoding`): what
/// the reader, the data checker and the collector walk instead of a decoded ``Record``.
///
/// The bytes were written by the source itself, so they are trusted: the view does not validate
/// them again (a record from outside goes through `RecordEncoding/decode(_:dataID:keys:maximumDepth:)`).
/// It holds the arena, so the bytes it points at stay alive, and the source never changes an
/// arena a view holds (``ByteArena``).
struct EncodedRecord {
    private let arena: ByteArena
    private let base: UnsafeRawPointer
    private let end: Int
    /// The key table the record's indices refer to.
    let keys: RecordKeyTable
    /// The record's typename, when it has one.
    let typename: String?
    /// The newest write of the record's fields, in nanoseconds since 1970.
    private let newest: Int64
    private let hasAges: Bool
    /// The offset of the first field.
    private let fieldsStart: Int

    init(arena: ByteArena, offset: Int, length: Int, keys: RecordKeyTable) {
        self.arena = arena
        base = UnsafeRawPointer(arena.base + offset)
        end = length
        self.keys = keys
        let flags = base.load(fromByteOffset: 1, as: UInt8.self)
        var cursor = 2
        typename = flags & RecordFlags.typename == 0 ? nil : keys.keys[Int(EncodedBytes.varint(base, &cursor))]
        newest = EncodedBytes.int64(base, at: cursor)
        cursor += 8
        _ = EncodedBytes.varint(base, &cursor)
        fieldsStart = cursor
        hasAges = flags & RecordFlags.ages != 0
    }

    /// The field stored under `storageKey`, or `nil` when the record has none.
    func field(_ storageKey: String) -> EncodedField? {
        guard let index = keys.index(of: storageKey) else { return nil }
        return field(index: UInt64(index))
    }

    /// The field whose key is `index` in ``keys``, or `nil`. Fields are in ascending key order, so
    /// the scan stops at the first larger key.
    func field(index: UInt64) -> EncodedField? {
        var start = FieldCursor()
        return field(index: index, cursor: &start)
    }

    /// ``field(index:)``, starting after the field `cursor` names when its key is smaller than
    /// `index`, and leaving in `cursor` the field found.
    func field(index: UInt64, cursor position: inout FieldCursor) -> EncodedField? {
        var cursor = fieldsStart
        if position.offset > 0 && position.key < index { cursor = position.offset }
        while cursor < end {
            let key = EncodedBytes.varint(base, &cursor)
            if key > index { return nil }
            let age = hasAges ? EncodedBytes.varint(base, &cursor) : 0
            if key == index {
                var next = cursor
                EncodedBytes.skipValue(base, &next)
                position = FieldCursor(key: key, offset: next)
                return EncodedField(
                    base: base, offset: cursor,
                    writtenAt: WallInstant(nanosecondsSince1970: newest &- Int64(bitPattern: age)))
            }
            EncodedBytes.skipValue(base, &cursor)
        }
        return nil
    }
}

/// Where the last field a walk found in one encoded record ends: the next lookup of a larger key
/// scans on from there.
struct FieldCursor {
    /// The key of the field found; meaningless while ``offset`` is 0.
    var key: UInt64 = 0
    /// The offset just past that field's value, or 0 before any field was found.
    var offset = 0
}

/// One field's value where it lies in a record's bytes, and its write time.
struct EncodedField {
    /// The record's first byte.
    let base: UnsafeRawPointer
    /// The offset of the value's tag from ``base``.
    let offset: Int
    /// When the field was last written.
    let writtenAt: WallInstant

    /// The value's tag byte (``RecordTag``).
    var tag: UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    /// The value, decoded.
    var value: RecordValue {
        var cursor = offset
        return EncodedBytes.value(base, &cursor)
    }

    /// Calls `link` with the UTF-8 bytes of each data ID the value links to, in order, through
    /// nested lists and past their nulls; returns `false`, calling nothing, when the value is a
    /// scalar. No `DataID` is made: the source finds a record by these bytes.
    func forEachLink(_ link: (UnsafeRawBufferPointer) -> Void) -> Bool {
        forEachLink(link, fieldError: {})
    }

    /// ``forEachLink(_:)``, calling `fieldError` for each field error in place of a link or an item.
    func forEachLink(_ link: (UnsafeRawBufferPointer) -> Void, fieldError: () -> Void) -> Bool {
        var cursor = offset
        switch base.load(fromByteOffset: offset, as: UInt8.self) {
        case RecordTag.null: return true
        case RecordTag.fieldError:
            fieldError()
            return true
        case RecordTag.link, RecordTag.links:
            Self.visitLinks(base, &cursor, link, fieldError)
            return true
        default: return false
        }
    }

    /// Visits the link or list of links (or null) at `cursor`, moving past it. Recurses once per
    /// list level, which the normalizer bounded.
    private static func visitLinks(
        _ base: UnsafeRawPointer, _ cursor: inout Int, _ link: (UnsafeRawBufferPointer) -> Void,
        _ fieldError: () -> Void
    ) {
        switch EncodedBytes.byte(base, &cursor) {
        case RecordTag.link:
            let length = Int(EncodedBytes.varint(base, &cursor))
            link(UnsafeRawBufferPointer(start: base + cursor, count: length))
            cursor += length
        case RecordTag.links:
            let count = EncodedBytes.varint(base, &cursor)
            for _ in 0..<count { visitLinks(base, &cursor, link, fieldError) }
        case RecordTag.fieldError:
            fieldError()
            EncodedBytes.skipValue(base, &cursor)
        default:
            // A leaf's item in a list of leaves kept with field errors (decision 0218): no link.
            cursor -= 1
            EncodedBytes.skipValue(base, &cursor)
        }
    }
}

/// Reads values from record bytes the in-memory source wrote itself, without the checks
/// ``RecordByteReader`` makes of bytes from outside.
enum EncodedBytes {
    @inline(__always) static func byte(_ base: UnsafeRawPointer, _ cursor: inout Int) -> UInt8 {
        defer { cursor += 1 }
        return base.load(fromByteOffset: cursor, as: UInt8.self)
    }

    @inline(__always) static func varint(_ base: UnsafeRawPointer, _ cursor: inout Int) -> UInt64 {
        var next = byte(base, &cursor)
        if next < 0x80 { return UInt64(next) }
        var result = UInt64(next & 0x7F)
        var shift: UInt64 = 7
        while true {
            next = byte(base, &cursor)
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    /// Whether the `count` bytes at `first` and at `second` are equal: eight at a time, as a
    /// value's bytes are compared on every write of it.
    static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < count {
            if first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self)
            {
                return false
            }
            offset += 1
        }
        return true
    }

    @inline(__always) static func int64(_ base: UnsafeRawPointer, at offset: Int) -> Int64 {
        Int64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    }

    static func text(_ base: UnsafeRawPointer, _ cursor: inout Int) -> String {
        let length = Int(varint(base, &cursor))
        let start = cursor
        cursor += length
        let utf8 = UnsafeBufferPointer(
            start: base.advanced(by: start).assumingMemoryBound(to: UInt8.self), count: length)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Moves `cursor` past the value there. Recurses once per level of a list of links or a JSON
    /// scalar, which the normalizer bounded by the store's depth limit.
    static func skipValue(_ base: UnsafeRawPointer, _ cursor: inout Int) {
        let tag = byte(base, &cursor)
        switch tag {
        case RecordTag.null, RecordTag.false, RecordTag.true: return
        case RecordTag.int: _ = varint(base, &cursor)
        case RecordTag.double: cursor += 8
        case RecordTag.string, RecordTag.link, RecordTag.bigInt: cursor += Int(varint(base, &cursor))
        case RecordTag.array, RecordTag.links:
            let count = varint(base, &cursor)
            for _ in 0..<count { skipValue(base, &cursor) }
        case RecordTag.object:
            let count = varint(base, &cursor)
            for _ in 0..<count {
                cursor += Int(varint(base, &cursor))
                skipValue(base, &cursor)
            }
        case RecordTag.fieldError: skipValue(base, &cursor)
        default: return
        }
    }

    /// The value at `cursor`, moving past it.
    static func value(_ base: UnsafeRawPointer, _ cursor: inout Int) -> RecordValue {
        let start = cursor
        switch byte(base, &cursor) {
        case RecordTag.null: return .null
        case RecordTag.link: return .link(DataID(text(base, &cursor)))
        case RecordTag.links:
            let count = Int(varint(base, &cursor))
            var items: [RecordValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(value(base, &cursor)) }
            return .links(items)
        case RecordTag.fieldError:
            return .fieldError(FieldError(stored: json(base, &cursor)) ?? FieldError(message: ""))
        default:
            cursor = start
            return .scalar(json(base, &cursor))
        }
    }

    /// The JSON value at `cursor` (a scalar, or a member of a JSON scalar), moving past it.
    static func json(_ base: UnsafeRawPointer, _ cursor: inout Int) -> JSONValue {
        switch byte(base, &cursor) {
        case RecordTag.false: return .bool(false)
        case RecordTag.true: return .bool(true)
        case RecordTag.int:
            let zigzag = varint(base, &cursor)
            return .int(Int(truncatingIfNeeded: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)))
        case RecordTag.double:
            defer { cursor += 8 }
            return .double(Double(bitPattern: UInt64(bitPattern: int64(base, at: cursor))))
        case RecordTag.string: return .string(text(base, &cursor))
        case RecordTag.bigInt: return .bigInt(text(base, &cursor))
        case RecordTag.array:
            let count = Int(varint(base, &cursor))
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(json(base, &cursor)) }
            return .array(items)
        case RecordTag.object:
            let count = Int(varint(base, &cursor))
            var object = JSONObject(minimumCapacity: count)
            for _ in 0..<count {
                let key = text(base, &cursor)
                object.appendNew(key: key, value: json(base, &cursor))
            }
            return .object(object)
        default: return .null
        }
    }
}
