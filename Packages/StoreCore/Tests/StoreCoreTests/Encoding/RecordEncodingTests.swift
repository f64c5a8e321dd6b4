import GraphQLCore
import Primitives
@_spi(RecordFormat) import StoreCore
import Testing

@Suite("RecordEncoding")
struct RecordEncodingTests {
    private let t1 = WallInstant(secondsSince1970: 1_700_000_000)
    private let t2 = WallInstant(nanosecondsSince1970: 1_700_000_060_500_000_000)

    /// A record holding every kind of value the format has, all written at `writtenAt`.
    private func everyKind(writtenAt: WallInstant) -> Record {
        let values: [String: RecordValue] = [
            "nothing": .null,
            "no": .scalar(false),
            "yes": .scalar(true),
            "small": .scalar(-3),
            "large": .scalar(.int(Int.max)),
            "smallest": .scalar(.int(Int.min)),
            "beyondInt": .scalar(.bigInt("-123456789012345678901234567890")),
            "ratio": .scalar(-0.0),
            "pi": .scalar(3.141_592_653_589_793),
            "empty": .scalar(""),
            "text": .scalar("naïve café, 東京, 🙂 and a string long enough to leave the inline storage"),
            "tags": .scalar(["a", 1, nil, [true], ["nested": ["deep": 2.5]]]),
            "blob": .scalar(["z": "last", "a": "first", "": nil]),
            "friend": .link("User:2"),
            "friends(first:10)": .links([
                .link("User:3"), .null, .links([.link("client:User:1:x:0"), .null]), .links([]),
            ]),
        ]
        return Record(
            dataID: "User:1", typename: "User",
            fields: values.mapValues { RecordField(value: $0, writtenAt: writtenAt) })
    }

    private func decode(_ bytes: [UInt8], keys: RecordKeyTable, maximumDepth: Int = 512) -> Result<
        Record, RecordEncodingError
    > {
        Result { () throws(RecordEncodingError) -> Record in
            try RecordEncoding.decode(bytes, dataID: "User:1", keys: keys, maximumDepth: maximumDepth)
        }
    }

    private func errorCode(_ bytes: [UInt8], keys: RecordKeyTable, maximumDepth: Int = 512) -> RecordEncodingError.Code?
    {
        if case .failure(let error) = decode(bytes, keys: keys, maximumDepth: maximumDepth) { return error.code }
        return nil
    }

    @Test("a record with every kind of value decodes back equal, and one write time costs no per-field bytes")
    func roundTripsEveryKind() throws {
        var keys = RecordKeyTable()
        let record = everyKind(writtenAt: t1)
        let bytes = RecordEncoding.encode(record, keys: &keys)
        #expect(bytes[0] == RecordEncoding.formatVersion)
        #expect(bytes[1] & 0x02 == 0)
        #expect(try RecordEncoding.decode(bytes, dataID: "User:1", keys: keys) == record)
    }

    @Test("fields written at different instants keep each its own write time, to the nanosecond")
    func roundTripsPerFieldWriteTimes() throws {
        var keys = RecordKeyTable()
        var record = everyKind(writtenAt: t1)
        record.fields["friend"]?.writtenAt = t2
        record.fields["nothing"]?.writtenAt = WallInstant(secondsSince1970: -5)
        let bytes = RecordEncoding.encode(record, keys: &keys)
        #expect(bytes[1] & 0x02 != 0)
        let decoded = try RecordEncoding.decode(bytes, dataID: "User:1", keys: keys)
        #expect(decoded == record)
        #expect(decoded.fields["friend"]?.writtenAt == t2)
    }

    @Test("a record without fields or typename is its header alone: version, flags, a zero write time, no fields")
    func roundTripsAnEmptyRecord() throws {
        var keys = RecordKeyTable()
        let record = Record(dataID: "client:root", typename: nil)
        let bytes = RecordEncoding.encode(record, keys: &keys)
        #expect(bytes == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(try RecordEncoding.decode(bytes, dataID: "client:root", keys: keys) == record)
        #expect(keys.count == 0)
    }

    @Test("the bytes of a record are exactly the documented format")
    func writesTheDocumentedBytes() throws {
        var keys = try RecordKeyTable(keys: ["name", "User", "age", "friend"])
        let at = WallInstant(secondsSince1970: 2)
        let record = Record(
            dataID: "User:1", typename: "User",
            fields: [
                "friend": RecordField(value: .link("User:2"), writtenAt: at),
                "age": RecordField(value: .scalar(36), writtenAt: at),
                "name": RecordField(value: .scalar("Ada"), writtenAt: at),
            ])
        let expected: [UInt8] =
            [0x01, 0x01, 0x01]  // version, typename present, typename = key 1
            + [0x00, 0x94, 0x35, 0x77, 0x00, 0x00, 0x00, 0x00]  // 2,000,000,000 ns
            + [0x03]  // three fields
            + [0x00, 0x05, 0x03] + Array("Ada".utf8)  // name: string of 3 bytes
            + [0x02, 0x03, 0x48]  // age: int, zigzag(36) = 72
            + [0x03, 0x08, 0x06] + Array("User:2".utf8)  // friend: link of 6 bytes
        #expect(RecordEncoding.encode(record, keys: &keys) == expected)
        #expect(keys.count == 4)
        #expect(try RecordEncoding.decode(expected, dataID: "User:1", keys: keys) == record)
    }

    @Test("equal records have equal bytes, whatever order their fields were set in")
    func equalRecordsHaveEqualBytes() {
        var keys = RecordKeyTable()
        let forward = everyKind(writtenAt: t1)
        var backward = Record(dataID: "User:1", typename: "User")
        for key in forward.fields.keys.sorted().reversed() { backward.fields[key] = forward.fields[key] }
        #expect(RecordEncoding.encode(forward, keys: &keys) == RecordEncoding.encode(backward, keys: &keys))
    }

    @Test("keys are interned once per table, and the table reports the keys added since a count")
    func internsKeysOnce() throws {
        var keys = RecordKeyTable()
        _ = RecordEncoding.encode(everyKind(writtenAt: t1), keys: &keys)
        let count = keys.count
        #expect(count == 16)  // 15 field keys and the typename
        _ = RecordEncoding.encode(everyKind(writtenAt: t2), keys: &keys)
        #expect(keys.count == count)
        let extra = Record(
            dataID: "A", typename: "User", fields: ["brandNew": RecordField(value: .null, writtenAt: t1)])
        _ = RecordEncoding.encode(extra, keys: &keys)
        #expect(Array(keys.keys(from: count)) == ["brandNew"])
        let reloaded = try RecordKeyTable(keys: keys.keys)
        #expect(reloaded == keys)
        #expect(reloaded.index(of: "brandNew") == UInt32(count))
    }

    @Test("a persisted key table holding one key twice is rejected")
    func rejectsADuplicatedKeyTable() {
        #expect(throws: RecordEncodingError.self) { try RecordKeyTable(keys: ["a", "b", "a"]) }
    }

    @Test("every cut-short prefix of a record gives a typed error")
    func rejectsEveryTruncation() {
        var keys = RecordKeyTable()
        var record = everyKind(writtenAt: t1)
        record.fields["friend"]?.writtenAt = t2
        let bytes = RecordEncoding.encode(record, keys: &keys)
        for length in 0..<bytes.count {
            let code = errorCode(Array(bytes[..<length]), keys: keys)
            #expect(
                code == .truncated || code == .countTooLarge,
                "prefix of \(length) bytes gave \(String(describing: code))")
        }
        #expect(errorCode(bytes + [0], keys: keys) == .trailingBytes)
    }

    @Test("damaged headers give typed errors: a newer version, unknown flags, a key the table lacks")
    func rejectsDamagedHeaders() {
        var keys = RecordKeyTable()
        let bytes = RecordEncoding.encode(everyKind(writtenAt: t1), keys: &keys)
        var newer = bytes
        newer[0] = 2
        #expect(errorCode(newer, keys: keys) == .unsupportedVersion)
        var flagged = bytes
        flagged[1] |= 0x80
        #expect(errorCode(flagged, keys: keys) == .unknownFlags)
        #expect(errorCode(bytes, keys: RecordKeyTable()) == .unknownKey)
    }

    /// A one-field record (key 0, written at 0) whose value is `value`.
    private func oneField(_ value: [UInt8]) -> [UInt8] {
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0] + value
    }

    @Test("hostile values give typed errors: wrong tags, huge counts, long integers, bad text, deep nesting")
    func rejectsHostileValues() throws {
        let keys = try RecordKeyTable(keys: ["a", "b"])
        #expect(errorCode(oneField([0x05, 0x00]), keys: keys) == nil)  // the frame itself is sound
        #expect(errorCode(oneField([0x0C]), keys: keys) == .unknownTag)
        #expect(errorCode(oneField([0x0B]), keys: keys) == .truncated)  // a field error without its object
        #expect(errorCode(oneField([0x0A, 0x02, 0x31, 0x32]), keys: keys) == nil)  // the digits "12"
        #expect(errorCode(oneField([0x0A, 0x02, 0x31, 0x78]), keys: keys) == .invalidText)  // "1x"
        #expect(errorCode(oneField([0x0A, 0x00]), keys: keys) == .invalidText)  // no digits
        #expect(errorCode(oneField([0xFF]), keys: keys) == .unknownTag)
        #expect(errorCode(oneField([0x06, 0x01, 0x08, 0x00]), keys: keys) == .unknownTag)  // a link in JSON
        // An int in links is a leaf list's item beside a field error (decision 0218); an unknown tag is not.
        #expect(errorCode(oneField([0x09, 0x01, 0x03, 0x02]), keys: keys) == nil)
        #expect(errorCode(oneField([0x09, 0x01, 0x0C]), keys: keys) == .unknownTag)
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(errorCode(oneField([0x06] + huge), keys: keys) == .countTooLarge)
        #expect(errorCode(oneField([0x09] + huge), keys: keys) == .countTooLarge)
        #expect(errorCode(oneField([0x05] + huge), keys: keys) == .countTooLarge)
        #expect(errorCode([1, 0, 0, 0, 0, 0, 0, 0, 0, 0] + huge, keys: keys) == .countTooLarge)
        let overlong: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]
        #expect(errorCode(oneField([0x03] + overlong), keys: keys) == .integerOverflow)
        #expect(errorCode(oneField([0x05, 0x02, 0xC3, 0x28]), keys: keys) == .invalidText)
        #expect(errorCode(oneField([0x08, 0x01, 0xFF]), keys: keys) == .invalidText)
        #expect(errorCode(oneField([0x07, 0x02, 0x00, 0x00, 0x00, 0x00]), keys: keys) == .duplicateKey)
        let twice: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0]
        #expect(errorCode(twice, keys: keys) == .duplicateKey)
        let deep = oneField(Array(repeating: [0x09, 0x01], count: 40).flatMap { $0 } + [0x00])
        #expect(errorCode(deep, keys: keys, maximumDepth: 40) == nil)
        #expect(errorCode(deep, keys: keys, maximumDepth: 39) == .nestingTooDeep)
        let deepJSON = oneField(Array(repeating: [0x06, 0x01], count: 100_000).flatMap { $0 } + [0x00])
        #expect(errorCode(deepJSON, keys: keys) == .nestingTooDeep)
    }

    @Test("a field's age reaching before the earliest instant is an overflow, not a trap")
    func rejectsAnAgeBeforeEveryInstant() throws {
        let keys = try RecordKeyTable(keys: ["a"])
        // Written at Int64.min + 1 ns, one field aged 2 ns.
        let bytes: [UInt8] = [1, 0x02, 0x01, 0, 0, 0, 0, 0, 0, 0x80, 1, 0, 0x02, 0x00]
        #expect(errorCode(bytes, keys: keys) == .integerOverflow)
    }

    @Test("random bytes decode to a record or a typed error, never a crash")
    func survivesRandomBytes() throws {
        var generator = SplitMix(seed: 16)
        let keys = try RecordKeyTable(keys: ["a", "b", "c"])
        var decoded = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 40)
            var bytes: [UInt8] = [1, UInt8(generator.next() % 4)]
            for _ in 0..<length { bytes.append(UInt8(truncatingIfNeeded: generator.next() % 12)) }
            guard case .success(let record) = decode(bytes, keys: keys) else { continue }
            // What decodes is a whole record: written again, it reads back the same.
            var table = keys
            let again = RecordEncoding.encode(record, keys: &table)
            #expect(table == keys)
            #expect(decode(again, keys: keys).map(\.fields) == .success(record.fields))
            decoded += 1
        }
        #expect(decoded > 0)
    }
}

/// A small deterministic generator, so that a failing run repeats.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
