import Foundation
import GraphQLCore
import Testing

@_spi(RecordFormat) @testable import StoreCore

/// `Store.publish(dataJSON:to:)`, which normalizes from a tape of the bytes, against
/// `Store.publish(_:to:)` with the tree `JSONValue(parsing:)` reads from the same bytes: the same
/// record bytes, changes, reads and errors.
@Suite("Normalizing from the bytes")
struct DataJSONTests {
    /// The tree path's and the bytes path's batches of `text`, or their errors.
    static func batches(_ text: String, _ root: StoreRoot, store: Store = Store()) -> (
        tree: Result<(NormalizedBatch, [ConnectionPage]), StoreError>,
        bytes: Result<(NormalizedBatch, [ConnectionPage]), StoreError>
    ) {
        let bytes = Array(text.utf8)
        let tree = Result { () throws(StoreError) in
            let value: JSONValue
            do throws(GraphQLCoreError) {
                value = try JSONValue(parsing: bytes)
            } catch {
                throw StoreError(.invalidJSON, error.message)
            }
            let (batch, pages) = try store.normalizeBatch(value, root)
            return (batch, pages)
        }
        let tape = Result { () throws(StoreError) in
            let (batch, pages) = try store.normalizeBatch(dataJSON: bytes, root)
            return (batch, pages)
        }
        return (tree, tape)
    }

    /// Expects the two paths to agree on `text`: the same bytes, records and pages, or errors with
    /// the same code and path.
    static func expectSame(
        _ text: String, _ root: StoreRoot, store: Store = Store(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        switch batches(text, root, store: store) {
        case (.success(let tree), .success(let bytes)):
            #expect(fieldBytes(tree.0) == fieldBytes(bytes.0), sourceLocation: sourceLocation)
            #expect(tree.0.order == bytes.0.order, sourceLocation: sourceLocation)
            #expect(tree.0.patches() == bytes.0.patches(), sourceLocation: sourceLocation)
            #expect(tree.1.count == bytes.1.count, sourceLocation: sourceLocation)
        case (.failure(let tree), .failure(let bytes)):
            #expect(tree.code == bytes.code, sourceLocation: sourceLocation)
            #expect(tree.path == bytes.path, sourceLocation: sourceLocation)
        case (let tree, let bytes):
            Issue.record("the paths disagree: tree \(tree), bytes \(bytes)", sourceLocation: sourceLocation)
        }
    }

    /// Each entry's fields as the batch holds them, in walk order: each key's name, then its value's
    /// bytes.
    static func fieldBytes(_ batch: NormalizedBatch) -> [[UInt8]] {
        (0..<batch.count).map { entry in
            var bytes: [UInt8] = []
            batch.forEachField(of: entry) { key, value in
                bytes += Array(batch.keys.keys[Int(key)].utf8) + [0] + Array(value)
            }
            return bytes
        }
    }

    static let reference = ReferenceRoundTripTests.cases

    @Test("the 300 reference responses give the tree path's record bytes, in its order")
    func referenceBatches() {
        #expect(Self.reference.count == 300)
        for reference in Self.reference {
            Self.expectSame(reference.response.serializedString(), reference.root)
        }
    }

    @Test("the 300 reference responses written from their bytes change what the tree path changes and read back")
    func referenceStores() throws {
        for reference in Self.reference {
            let clock = ManualClock()
            let tree = makeStore(clock: clock)
            let bytes = makeStore(clock: clock)
            let treeChanges = try tree.publish(reference.response, to: reference.root)
            let byteChanges = try bytes.publish(
                dataJSON: Array(reference.response.serializedString().utf8), to: reference.root)
            #expect(treeChanges == byteChanges, "\(reference.name)")
            for id in treeChanges { #expect(tree.record(id) == bytes.record(id), "\(reference.name) \(id)") }
            ReferenceRoundTripTests.expectReadsBack(bytes, reference)
        }
    }

    @Test("all 300 written from their bytes into one store read back, and a second write changes nothing")
    func referenceOneStore() throws {
        let store = Store()
        for reference in Self.reference {
            try store.publish(dataJSON: reference.response.serialized(), to: reference.root)
        }
        for reference in Self.reference { ReferenceRoundTripTests.expectReadsBack(store, reference) }
        for reference in Self.reference {
            #expect(try store.publish(dataJSON: reference.response.serialized(), to: reference.root).isEmpty)
        }
    }

    @Test("a whole response's data is written as its data text alone; one without a data object changes nothing")
    func envelope() throws {
        let reference = try #require(Self.reference.first)
        let data = reference.response.serializedString()
        let clock = ManualClock()
        let alone = makeStore(clock: clock)
        let enveloped = makeStore(clock: clock)
        let changes = try alone.publish(dataJSON: Array(data.utf8), to: reference.root)
        let text = #"{"errors":[{"message":"partial","path":["x"]}],"data":"# + data + #","extensions":{"a":[1]}}"#
        #expect(try enveloped.publish(responseJSON: Array(text.utf8), to: reference.root) == changes)
        for id in changes { #expect(alone.record(id) == enveloped.record(id)) }
        for bad in [#"{"data":null,"errors":[]}"#, #"{"errors":[]}"#, "[]", #"{"data":[1]}"#] {
            let error = try #require(throws: StoreError.self) {
                try enveloped.publish(responseJSON: Array(bad.utf8), to: reference.root)
            }
            #expect(error.code == .notAnObject)
        }
        let error = try #require(throws: StoreError.self) {
            try enveloped.publish(
                responseJSON: Array((#"{"data":"# + data + #","errors":[1,]}"#).utf8), to: reference.root)
        }
        #expect(error.code == .invalidJSON)
        ReferenceRoundTripTests.expectReadsBack(enveloped, reference)
    }

    static let root = BadResponseTests.root

    static let malformed: [String] = [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "01", "-", "1.", "1e", "+1", "NaN",
        "Infinity", "tru", "nul", "\"abc", "\"a\u{1}b\"", "\"\\x\"", "\"\\u12\"", "\"\\uD800\"", "\"\\uDC00x\"",
        "{\"viewer\":null} x", "{} {}", "// c\n{}", "\u{FEFF}{}", "[1 2]", "{\"a\":1 \"b\":2}",
    ]

    @Test("malformed JSON throws invalidJSON, as JSONValue(parsing:) rejects it, and changes nothing")
    func malformedText() throws {
        let (store, _, before, count) = try BadResponseTests.seeded()
        for text in Self.malformed {
            #expect(throws: GraphQLCoreError.self, "\(text)") { try JSONValue(parsing: text) }
            let error = try #require(throws: StoreError.self, "\(text)") {
                try store.publish(dataJSON: Array(text.utf8), to: Self.root)
            }
            #expect(error.code == .invalidJSON, "\(text)")
            BadResponseTests.expectUnchanged(store, before, count)
        }
        let invalidUTF8: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: GraphQLCoreError.self) { try JSONValue(parsing: invalidUTF8) }
        let error = try #require(throws: StoreError.self) { try store.publish(dataJSON: invalidUTF8, to: Self.root) }
        #expect(error.code == .invalidJSON)
        BadResponseTests.expectUnchanged(store, before, count)
    }

    @Test(
        "a number too large for a Double is invalidJSON from the data text and the envelope, as JSONValue(parsing:) refuses it, and changes nothing",
        arguments: ["1e400", "-1e400", "1.5e309", "1" + String(repeating: "0", count: 400) + ".5", "[2e308]"])
    func numberBeyondDouble(_ number: String) throws {
        #expect(throws: GraphQLCoreError.self, "\(number)") { try JSONValue(parsing: number) }
        let (store, _, before, count) = try BadResponseTests.seeded()
        let data = BadResponseTests.good(replacing: ["viewer", "name"], with: "NUMBER").serializedString()
            .replacingOccurrences(of: #""NUMBER""#, with: number)
        let fromData = try #require(throws: StoreError.self) {
            try store.publish(dataJSON: Array(data.utf8), to: Self.root)
        }
        #expect(fromData.code == .invalidJSON)
        BadResponseTests.expectUnchanged(store, before, count)
        let envelope = #"{"data":"# + data + "}"
        let fromEnvelope = try #require(throws: StoreError.self) {
            try store.publish(responseJSON: Array(envelope.utf8), to: Self.root)
        }
        #expect(fromEnvelope.code == .invalidJSON)
        BadResponseTests.expectUnchanged(store, before, count)
        // Outside `data` too: the whole envelope is checked as JSON.
        let inExtensions =
            #"{"data":"# + BadResponseTests.good.serializedString() + #","extensions":{"n":"# + number + "}}"
        let fromExtensions = try #require(throws: StoreError.self) {
            try store.publish(responseJSON: Array(inExtensions.utf8), to: Self.root)
        }
        #expect(fromExtensions.code == .invalidJSON)
        BadResponseTests.expectUnchanged(store, before, count)
    }

    @Test("a response that does not fit its selection fails as on the tree path, and changes nothing")
    func mismatches() throws {
        let cases: [([String], JSONValue?)] = [
            (["viewer"], "Ada"), (["viewer", "friends", "0"], 3), (["viewer", "friends"], true),
            (["viewer", "friends", "0", "name"], nil), (["node", "__typename"], nil), (["node", "__typename"], 12),
        ]
        for (path, value) in cases {
            let (store, _, before, count) = try BadResponseTests.seeded()
            let text = BadResponseTests.good(replacing: path, with: value).serializedString()
            Self.expectSame(text, Self.root)
            let treeError = try #require(throws: StoreError.self) {
                try store.publish(JSONValue(parsing: text), to: Self.root)
            }
            let error = try #require(throws: StoreError.self) {
                try store.publish(dataJSON: Array(text.utf8), to: Self.root)
            }
            #expect(error == treeError)
            BadResponseTests.expectUnchanged(store, before, count)
        }
        let (store, _, before, count) = try BadResponseTests.seeded()
        let error = try #require(throws: StoreError.self) {
            try store.publish(dataJSON: Array("[\"a\"]".utf8), to: Self.root)
        }
        #expect(error.code == .notAnObject)
        BadResponseTests.expectUnchanged(store, before, count)
    }

    static func nested(_ depth: Int) -> String {
        let user = "{\"__typename\":\"User\",\"id\":\"9\",\"name\":\"x\",\"friends\":[]}"
        let friends = String(repeating: "[", count: depth) + user + String(repeating: "]", count: depth)
        return "{\"viewer\":{\"__typename\":\"User\",\"id\":\"1\",\"name\":\"Ada\",\"friends\":\(friends)},"
            + "\"node\":{\"__typename\":\"User\",\"id\":\"2\",\"name\":\"Grace\"}}"
    }

    @Test("nesting beyond the reader's 512 levels is invalidJSON, and beyond the store's limit nestingTooDeep")
    func deepNesting() throws {
        let (store, _, before, count) = try BadResponseTests.seeded()
        for depth in [600, 100_000] {
            let error = try #require(throws: StoreError.self) {
                try store.publish(dataJSON: Array(Self.nested(depth).utf8), to: Self.root)
            }
            #expect(error.code == .invalidJSON)
            BadResponseTests.expectUnchanged(store, before, count)
        }
        let shallow = Store(configuration: StoreConfiguration(maximumDepth: 10))
        Self.expectSame(Self.nested(20), Self.root, store: shallow)
        let error = try #require(throws: StoreError.self) {
            try shallow.publish(dataJSON: Array(Self.nested(20).utf8), to: Self.root)
        }
        #expect(error.code == .nestingTooDeep)
        #expect(error.path.prefix(3) == ["viewer", "friends", 0])
        #expect(shallow.recordCount == 0)
    }

    static let leaves = query([object("viewer", [typename, leaf("id"), leaf("name"), leaf("data")])])

    @Test(
        "escapes, unicode, big and exact numbers and repeated keys give the tree path's bytes",
        arguments: [
            #""na\"me\\ \/ \b\f\n\r\t""#, #""caf\u00e9 \ud83d\ude00 \u0000""#, "\"café 😀 日本\"",
            "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
            "123456789012345678901234567890", "999999999999999999", "1000000000000000000", "0", "-0", "0.1",
            "-1.5e300", "1E-400", "2.5e+3", "true", "false", "null", "[1,\"a\",[{\"b\":null}]]",
            "{\"x\":1,\"x\":2,\"y\":{}}",
        ])
    func leafValues(_ value: String) {
        Self.expectSame(
            "{\"viewer\":{\"__typename\":\"User\",\"id\":\"1\",\"name\":\(value),\"data\":\(value)}}",
            Self.leaves)
    }

    @Test("key functions and a default key of the app's, given at init or set later, name records as on the tree path")
    func keyFunctions() throws {
        let text = BadResponseTests.good.serializedString()
        let byName = StoreConfiguration(keyFunctions: [
            "User": { object in object["name"]?.stringValue.map { DataID("User/" + $0) } }
        ])
        Self.expectSame(text, Self.root, store: Store(configuration: byName))
        let byFriends = StoreConfiguration(defaultKey: { typename, object in
            DataID(typename + "#" + String(object["friends"]?.arrayValue?.count ?? -1))
        })
        Self.expectSame(text, Self.root, store: Store(configuration: byFriends))
        var none = StoreConfiguration()
        none.defaultKey = { _, _ in nil }
        let store = Store(configuration: none)
        Self.expectSame(text, Self.root, store: store)
        try store.publish(dataJSON: Array(text.utf8), to: Self.root)
        #expect(store.record("User:1") == nil)
        #expect(store.recordCount > 1)
    }

    @Test("keys written with escapes, repeated keys and keys out of order match as on the tree path")
    func keys() {
        Self.expectSame(
            #"{"viewer":{"data":1,"\u006eame":"A","__typename":"User","id":"1","id":"2","name":"B"}}"#, Self.leaves)
        Self.expectSame(#"{"viewer":{"__typename":"User","i\u0064":"é","name":"B","data":[]}}"#, Self.leaves)
        Self.expectSame(#"{"viewer":{"__typename":"User","id":"1","name":"B"}}"#, Self.leaves)
    }
}
