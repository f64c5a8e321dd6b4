import GraphQLCore
import Primitives

/// The bytes a record is, in memory and on disk: one format for every record source.
///
/// A record's bytes hold its typename, its write times and its fields; its data ID is not among them
/// (it is the key the source files the bytes under). Field keys and typenames are indices into the
/// store's ``RecordKeyTable``; everything else is inline. Integers are little-endian; `varint` is
/// LEB128 (7 bits a byte, low bits first, at most 10 bytes); `zigzag` maps signed to unsigned so
/// small negative numbers stay short.
///
/// ```
/// record  := version:u8 flags:u8 [typename:varint] writtenAt:i64 count:varint field{count}
///            flags: 0x01 typename present, 0x02 fields carry ages; other bits are 0
/// field   := key:varint [age:varint] value        (fields in ascending key index, each once)
/// value   := 0x00 null | scalar | link | links | error
/// scalar  := 0x01 false | 0x02 true | 0x03 zigzag-varint int | 0x04 f64 (IEEE 754 bits)
///          | 0x05 text | 0x06 count:varint json{count} | 0x07 count:varint (text json){count}
/// json    := 0x00 null | scalar                     (inside a JSON array or object scalar)
/// link    := 0x08 text                              (the linked record's data ID)
/// links   := 0x09 count:varint item{count}
/// item    := 0x00 null | link | links | error
/// error   := 0x0B json                              (an object: message, path, [extensions])
/// text    := length:varint utf8{length}
/// ```
///
/// Write times are nanoseconds since 1970 (UTC). `writtenAt` is the newest of the record's fields
/// (0 for a record without fields); when every field was written then, which is the common case,
/// the fields carry nothing more. Otherwise flag 0x02 is set and each field carries its age, the
/// nanoseconds from its own write time to `writtenAt`. Fields are sorted by key index, so equal
/// records have equal bytes and a source may compare bytes to detect a change.
///
/// A reader rejects a version it does not know (``RecordEncodingError/Code-swift.struct/unsupportedVersion``);
/// a newer format gets a new version number and the old decoder stays beside the new one.
@_spi(RecordFormat) public enum RecordEncoding {
    /// The version this library writes, the first byte of every record.
    public static let formatVersion: UInt8 = 1

    /// How deep lists of links and JSON scalars may nest when no limit is given: the store's default
    /// ``StoreConfiguration/maximumDepth``, so every record the default store holds decodes.
    public static let defaultMaximumDepth = 512

    /// The bytes of `record`, interning its keys and its typename in `keys`.
    ///
    /// `.scalar(.null)`, which the store never writes, is written as `null`.
    public static func encode(_ record: Record, keys: inout RecordKeyTable) -> [UInt8] {
        var fields: [(key: UInt32, field: RecordField)] = []
        fields.reserveCapacity(record.fields.count)
        for (key, field) in record.fields { fields.append((keys.intern(key), field)) }
        fields.sort { $0.key < $1.key }
        let typename = record.typename.map { keys.intern($0) }

        var newest = Int64.min
        var oldest = Int64.max
        for entry in fields {
            let instant = entry.field.writtenAt.nanosecondsSince1970
            newest = max(newest, instant)
            oldest = min(oldest, instant)
        }
        if fields.isEmpty { newest = 0 }
        let withAges = !fields.isEmpty && oldest != newest

        var writer = RecordByteWriter(capacity: 16 + fields.count * 8)
        writer.byte(formatVersion)
        writer.byte((typename == nil ? 0 : RecordFlags.typename) | (withAges ? RecordFlags.ages : 0))
        if let typename { writer.varint(UInt64(typename)) }
        writer.int64(newest)
        writer.varint(UInt64(fields.count))
        for entry in fields {
            writer.varint(UInt64(entry.key))
            if withAges {
                writer.varint(UInt64(bitPattern: newest &- entry.field.writtenAt.nanosecondsSince1970))
            }
            writer.value(entry.field.value)
        }
        return writer.bytes
    }

    /// The record `dataID` whose bytes these are, its keys looked up in `keys`.
    ///
    /// Throws a ``RecordEncodingError`` when the bytes are not a whole record of a known version,
    /// name a key `keys` lacks, or nest lists or JSON deeper than `maximumDepth`.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, dataID: DataID, keys: RecordKeyTable,
        maximumDepth: Int = defaultMaximumDepth
    ) throws(RecordEncodingError) -> Record {
        var reader = RecordByteReader(bytes, maximumDepth: maximumDepth)
        let version = try reader.byte()
        guard version == formatVersion else {
            throw RecordEncodingError(
                .unsupportedVersion, "format version \(version); this library reads \(formatVersion)", offset: 0)
        }
        let flags = try reader.byte()
        guard flags & ~(RecordFlags.typename | RecordFlags.ages) == 0 else {
            throw RecordEncodingError(.unknownFlags, "flags \(flags)", offset: 1)
        }
        let typename: String? = flags & RecordFlags.typename == 0 ? nil : try reader.key(in: keys)
        let newest = try reader.int64()
        let count = try reader.count()
        var fields: [String: RecordField] = Dictionary(minimumCapacity: count)
        var previousKey: UInt64?
        for _ in 0..<count {
            let keyOffset = reader.offset
            let keyIndex = try reader.varint()
            if let previousKey, keyIndex <= previousKey {
                throw RecordEncodingError(
                    .duplicateKey, "field keys out of order or repeated (\(keyIndex) after \(previousKey))",
                    offset: keyOffset)
            }
            previousKey = keyIndex
            guard keyIndex < UInt64(keys.count) else {
                throw RecordEncodingError(
                    .unknownKey, "key index \(keyIndex) in a table of \(keys.count)", offset: keyOffset)
            }
            let key = keys.keys[Int(keyIndex)]
            var writtenAt = newest
            if flags & RecordFlags.ages != 0 {
                let ageOffset = reader.offset
                let age = try reader.varint()
                // `newest - age` must not reach below Int64.min.
                guard age <= UInt64(bitPattern: newest &- Int64.min) else {
                    throw RecordEncodingError(
                        .integerOverflow, "a field's age reaches before any instant", offset: ageOffset)
                }
                writtenAt = newest &- Int64(bitPattern: age)
            }
            let value = try reader.value()
            fields[key] = RecordField(value: value, writtenAt: WallInstant(nanosecondsSince1970: writtenAt))
        }
        guard reader.isAtEnd else {
            throw RecordEncodingError(
                .trailingBytes, "\(reader.remaining) bytes after the record", offset: reader.offset)
        }
        return Record(dataID: dataID, typename: typename, fields: fields)
    }

    /// ``decode(_:dataID:keys:maximumDepth:)`` from an array of bytes.
    public static func decode(
        _ bytes: [UInt8], dataID: DataID, keys: RecordKeyTable, maximumDepth: Int = defaultMaximumDepth
    ) throws(RecordEncodingError) -> Record {
        // `withUnsafeBytes` does not carry a typed throw, so the result travels out as a `Result`.
        let result = bytes.withUnsafeBytes { buffer in
            Result<Record, RecordEncodingError>(catching: { () throws(RecordEncodingError) -> Record in
                try decode(buffer, dataID: dataID, keys: keys, maximumDepth: maximumDepth)
            })
        }
        return try result.get()
    }
}

/// The flag bits of a record's second byte.
enum RecordFlags {
    /// A typename's key index follows the flags.
    static let typename: UInt8 = 0x01
    /// Each field carries its age before its value.
    static let ages: UInt8 = 0x02
}

/// The tag byte in front of every value.
enum RecordTag {
    static let null: UInt8 = 0x00
    static let `false`: UInt8 = 0x01
    static let `true`: UInt8 = 0x02
    static let int: UInt8 = 0x03
    static let double: UInt8 = 0x04
    static let string: UInt8 = 0x05
    static let array: UInt8 = 0x06
    static let object: UInt8 = 0x07
    static let link: UInt8 = 0x08
    static let links: UInt8 = 0x09
    /// An integer beyond `Int` (``JSONValue/bigInt(_:)``): its decimal digits as text.
    static let bigInt: UInt8 = 0x0A
    /// A field error (``RecordValue/fieldError(_:)``): a JSON object follows. Files written before
    /// it hold no such tag, so they read as they did.
    static let fieldError: UInt8 = 0x0B
}
