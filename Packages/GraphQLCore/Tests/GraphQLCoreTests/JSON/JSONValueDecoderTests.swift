import Foundation
import Testing

@testable import GraphQLCore

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    struct Owner: Codable, Equatable {
        var id: String
        var name: String
    }

    struct Item: Codable, Equatable {
        var id: String
        var name: String
        var title: String
        var description: String
        var count: Int
        var score: Double
        var active: Bool
        var owner: Owner
    }

    struct Response: Codable, Equatable {
        struct Data: Codable, Equatable { var items: [Item] }
        var data: Data
    }

    static func fixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/JSON/\(name)")
        return try Data(contentsOf: url)
    }

    @Test("decoding from the tree gives what JSONDecoder gives from the text")
    func agreesWithJSONDecoder() throws {
        let data = try Self.fixture("items-response.json")
        let fromTree = try JSONValueDecoder().decode(Response.self, from: JSONValue(parsing: data))
        let fromText = try JSONDecoder().decode(Response.self, from: data)
        #expect(fromTree == fromText)
        #expect(fromTree.data.items.count == 3)
        #expect(fromTree.data.items[0].name == "Café 😀")
        #expect(fromTree.data.items[2].count == 2_147_483_648)
        #expect(fromTree.data.items[2].score == 12)
    }

    struct Widths: Decodable, Equatable {
        var i: Int
        var i8: Int8
        var i16: Int16
        var i32: Int32
        var i64: Int64
        var u: UInt
        var u8: UInt8
        var u16: UInt16
        var u32: UInt32
        var u64: UInt64
        var f: Float
        var d: Double
        var fromIntegralDouble: Int
    }

    @Test("every integer width, Float and Double read from numbers that fit")
    func numericWidths() throws {
        let value: JSONValue = [
            "i": .int(Int.min), "i8": -128, "i16": 32767, "i32": -2_147_483_648, "i64": .int(Int64.max.asInt),
            "u": .int(Int.max), "u8": 255, "u16": 65535, "u32": 4_294_967_295, "u64": 0,
            "f": 1.5, "d": 7, "fromIntegralDouble": 3.0,
        ]
        let widths = try JSONValueDecoder().decode(Widths.self, from: value)
        #expect(
            widths
                == Widths(
                    i: .min, i8: -128, i16: 32767, i32: .min, i64: .max, u: UInt(Int.max), u8: 255, u16: 65535,
                    u32: .max, u64: 0, f: 1.5, d: 7, fromIntegralDouble: 3))
    }

    @Test("a number that does not fit its type is dataCorrupted at its path")
    func numberDoesNotFit() throws {
        struct Small: Decodable { var value: UInt8 }
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode([Small].self, from: [["value": 1], ["value": 300]])
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "value"])
        #expect(context.codingPath.first?.intValue == 1)

        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: 1.5) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Float.self, from: 1e300) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: 1e19) }
    }

    struct Optionals: Decodable, Equatable {
        var absent: String?
        var null: Int?
        var present: Bool?
        var nested: Owner?
    }

    @Test("optionals are nil when absent or null and decoded when present")
    func optionals() throws {
        let value: JSONValue = ["null": nil, "present": false, "nested": ["id": "1", "name": "n"]]
        let decoded = try JSONValueDecoder().decode(Optionals.self, from: value)
        #expect(decoded == Optionals(absent: nil, null: nil, present: false, nested: Owner(id: "1", name: "n")))
        #expect(try JSONValueDecoder().decode(Int?.self, from: nil) == nil)
        #expect(try JSONValueDecoder().decode([Int?].self, from: [1, nil, 3]) == [1, nil, 3])
    }

    @Test("a missing key is keyNotFound with the path of its container")
    func keyNotFound() throws {
        let value: JSONValue = [
            "data": [
                "items": [
                    [
                        "id": "1", "name": "n", "title": "t", "description": "d",
                        "count": 1, "score": 1.5, "active": true, "owner": ["id": "u"],
                    ]
                ]
            ]
        ]
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Response.self, from: value)
        }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "name")
        #expect(context.codingPath.map(\.stringValue) == ["data", "items", "Index 0", "owner"])
    }

    @Test("a value of the wrong kind is typeMismatch and null is valueNotFound, each at its path")
    func mismatches() throws {
        let wrongKind = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Owner.self, from: ["id": 1, "name": "n"])
        }
        guard case .typeMismatch(let type, let context) = wrongKind else {
            Issue.record("expected typeMismatch, got \(wrongKind)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(context.codingPath.map(\.stringValue) == ["id"])

        let null = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Owner.self, from: ["id": nil, "name": "n"])
        }
        guard case .valueNotFound(_, let nullContext) = null else {
            Issue.record("expected valueNotFound, got \(null)")
            return
        }
        #expect(nullContext.codingPath.map(\.stringValue) == ["id"])

        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Owner.self, from: ["a", "b"]) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([String].self, from: ["a": "b"]) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Bool.self, from: 1) }
    }

    enum Kind: String, Decodable { case book, film }
    enum Level: Int, Decodable {
        case low = 1
        case high = 2
    }

    @Test("raw-value enums, dictionaries and nested arrays decode")
    func standardLibraryShapes() throws {
        struct Shapes: Decodable, Equatable {
            var kind: Kind
            var level: Level
            var counts: [String: Int]
            var grid: [[Int]]
            var set: Set<String>
        }
        let value: JSONValue = [
            "kind": "film", "level": 2, "counts": ["a": 1, "b": 2], "grid": [[1, 2], [], [3]], "set": ["x", "y"],
        ]
        let shapes = try JSONValueDecoder().decode(Shapes.self, from: value)
        #expect(
            shapes
                == Shapes(
                    kind: .film, level: .high, counts: ["a": 1, "b": 2], grid: [[1, 2], [], [3]], set: ["x", "y"]))
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Kind.self, from: "music") }
    }

    @Test("dates read per the strategy, ISO 8601 strings by default")
    func dates() throws {
        var decoder = JSONValueDecoder()
        let plain = try decoder.decode(Date.self, from: "2024-05-01T12:00:00Z")
        #expect(plain == Date(timeIntervalSince1970: 1_714_564_800))
        let fractional = try decoder.decode([Date].self, from: ["2024-05-01T14:00:00.250+02:00"])
        #expect(fractional == [Date(timeIntervalSince1970: 1_714_564_800.25)])
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode([String: Date].self, from: ["when": "yesterday"])
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["when"])

        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Date.self, from: 1_714_564_800) == Date(timeIntervalSince1970: 1_714_564_800))
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode(Date.self, from: 1_714_564_800_500) == Date(timeIntervalSince1970: 1_714_564_800.5))
        decoder.dateDecodingStrategy = .deferredToDate
        #expect(try decoder.decode(Date.self, from: 10) == Date(timeIntervalSinceReferenceDate: 10))
    }

    @Test("URL and Data read from strings, Decimal from numbers, JSONValue as the subtree")
    func foundationTypes() throws {
        struct Mixed: Decodable {
            var link: URL
            var blob: Data
            var price: Decimal
            var whole: Decimal
            var raw: JSONValue
        }
        let raw: JSONValue = ["nested": [1, "two", nil]]
        let mixed = try JSONValueDecoder().decode(
            Mixed.self,
            from: ["link": "https://example.com/a?b=c", "blob": "aGVsbG8=", "price": 0.1, "whole": 42, "raw": raw])
        #expect(mixed.link == URL(string: "https://example.com/a?b=c"))
        #expect(mixed.blob == Data("hello".utf8))
        #expect(mixed.price == Decimal(string: "0.1"))
        #expect(mixed.whole == 42)
        #expect(mixed.raw == raw)
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: raw) == raw)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Data.self, from: "not base64!") }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(URL.self, from: 12) }
    }

    /// A type that uses every container operation by hand.
    struct Manual: Decodable, Equatable {
        enum Keys: String, CodingKey { case header, rows, meta, missing, base }
        enum MetaKeys: String, CodingKey { case version, tags }

        var header: String
        var firstRow: [Int]
        var secondRowIsNull: Bool
        var lastRow: String
        var version: Int
        var tags: [String]
        var keys: [String]
        var hasMissing: Bool
        var baseName: String
        var superName: String
        var pathInside: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            header = try container.decode(String.self, forKey: .header)
            var rows = try container.nestedUnkeyedContainer(forKey: .rows)
            #expect(rows.count == 3)
            var first = try rows.nestedUnkeyedContainer()
            firstRow = []
            while !first.isAtEnd { firstRow.append(try first.decode(Int.self)) }
            secondRowIsNull = try rows.decodeNil()
            lastRow = try String(from: rows.superDecoder())
            #expect(rows.isAtEnd)
            #expect(throws: DecodingError.self) { try rows.decode(Int.self) }
            let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            version = try meta.decode(Int.self, forKey: .version)
            tags = try meta.decode([String].self, forKey: .tags)
            keys = container.allKeys.map(\.stringValue)
            hasMissing = container.contains(.missing)
            baseName = try String(from: container.superDecoder(forKey: .base))
            superName = try String(from: container.superDecoder())
            let metaDecoder = try container.superDecoder(forKey: .meta)
            pathInside = metaDecoder.codingPath.map(\.stringValue)
        }

        init(
            header: String, firstRow: [Int], secondRowIsNull: Bool, lastRow: String, version: Int, tags: [String],
            keys: [String], hasMissing: Bool, baseName: String, superName: String, pathInside: [String]
        ) {
            self.header = header
            self.firstRow = firstRow
            self.secondRowIsNull = secondRowIsNull
            self.lastRow = lastRow
            self.version = version
            self.tags = tags
            self.keys = keys
            self.hasMissing = hasMissing
            self.baseName = baseName
            self.superName = superName
            self.pathInside = pathInside
        }
    }

    @Test("nested keyed and unkeyed containers, decodeNil, allKeys and super decoders work by hand")
    func manualContainers() throws {
        let value: JSONValue = [
            "header": "h", "rows": [[1, 2], nil, "last"], "meta": ["version": 2, "tags": ["a"]],
            "base": "b", "super": "s", "extra": true,
        ]
        let manual = try JSONValueDecoder().decode(Manual.self, from: value)
        #expect(
            manual
                == Manual(
                    header: "h", firstRow: [1, 2], secondRowIsNull: true, lastRow: "last", version: 2, tags: ["a"],
                    keys: ["header", "rows", "meta", "base"], hasMissing: false, baseName: "b", superName: "s",
                    pathInside: ["meta"]))
    }

    class Animal: Decodable {
        let name: String
        private enum Keys: CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
        }
    }

    final class Dog: Animal {
        let barks: Bool
        private enum Keys: CodingKey { case barks }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            barks = try container.decode(Bool.self, forKey: .barks)
            try super.init(from: container.superDecoder())
        }
    }

    @Test("a subclass decodes its superclass through superDecoder")
    func subclass() throws {
        let dog = try JSONValueDecoder().decode(Dog.self, from: ["barks": true, "super": ["name": "Rex"]])
        #expect(dog.barks)
        #expect(dog.name == "Rex")
    }

    @Test("userInfo reaches init(from:), and codingPath grows with each level")
    func userInfoAndPath() throws {
        struct Probe: Decodable {
            var flag: String?
            var path: [String]
            init(from decoder: any Decoder) throws {
                flag = decoder.userInfo[CodingUserInfoKey(rawValue: "flag")!] as? String
                path = decoder.codingPath.map(\.stringValue)
            }
        }
        var decoder = JSONValueDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "flag")!] = "on"
        let probes = try decoder.decode([String: [Probe]].self, from: ["list": [nil, nil]])
        #expect(probes["list"]?.map(\.flag) == ["on", "on"])
        #expect(probes["list"]?[1].path == ["list", "Index 1"])
    }
}

extension Int64 {
    fileprivate var asInt: Int { Int(self) }
}

@Suite("JSONValueDecoder edges")
struct JSONValueDecoderEdgeTests {
    @Test("a present optional of the wrong kind is typeMismatch, not nil")
    func optionalOfWrongKind() throws {
        struct Flags: Decodable { var on: Bool? }
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Flags.self, from: ["on": 1])
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["on"])
    }

    @Test("an error inside nested arrays names every index on the way")
    func nestedArrayPath() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode([[Int]].self, from: [[1], [2, "three"]])
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.intValue) == [1, 1])
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "Index 1"])
    }

    @Test("reading past the end of an array is valueNotFound and does not advance")
    func pastTheEnd() throws {
        struct Pair: Decodable {
            var first: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                #expect(throws: DecodingError.self) { try container.decode(Int.self) }
                #expect(throws: DecodingError.self) { try container.decodeNil() }
                #expect(container.currentIndex == 1)
            }
        }
        #expect(try JSONValueDecoder().decode(Pair.self, from: [7]).first == 7)
    }

    @Test("a failed read in an array leaves the index where it was, so another type can try")
    func failedReadDoesNotAdvance() throws {
        struct Either: Decodable {
            var values: [String]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                values = []
                while !container.isAtEnd {
                    if let int = try? container.decode(Int.self) {
                        values.append("int \(int)")
                    } else {
                        values.append("string \(try container.decode(String.self))")
                    }
                }
            }
        }
        #expect(
            try JSONValueDecoder().decode(Either.self, from: [1, "a", 2]).values == ["int 1", "string a", "int 2"])
    }

    @Test("numbers convert between Int, Double and Float where they fit")
    func numberConversions() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Double.self, from: 3) == 3)
        #expect(try decoder.decode(Float.self, from: 3) == 3)
        #expect(try decoder.decode(Float.self, from: 0.5) == 0.5)
        #expect(try decoder.decode(Int8.self, from: -128.0) == -128)
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: -1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: "1") }
    }

    @Test("empty Data is invalid JSON, not a crash")
    func emptyData() {
        #expect(throws: GraphQLCoreError.self) { try JSONValue(parsing: Data()) }
    }
}
