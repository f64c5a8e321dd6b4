import GraphQLCore
import Primitives
@_spi(RecordFormat) import StoreCore
import Testing

@Suite("Field errors in the store")
struct FieldErrorStoreTests {
    /// `viewer { id name bio }`, the user keyed by id.
    static let profile = query([object("viewer", [typename, leaf("id"), leaf("name"), leaf("bio")])])
    /// Another screen's query over the same user, through an alias.
    static let card = query([object("me", alias: "me", [typename, leaf("id"), leaf("bio", alias: "about")])])

    static func publish(
        _ store: Store, _ data: JSONValue, _ root: StoreRoot, errors: [FieldError]
    ) throws -> PublishReport {
        try store.publish(data, to: root, requestedAt: store.requestInstant(), fieldErrors: errors)
    }

    @Test("an error at a field's path is stored there, and a second query sharing the record reads it at its own path")
    func storedAndReadBySecondQuery() throws {
        let store = makeStore()
        let report = try Self.publish(
            store, ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": nil]], Self.profile,
            errors: [FieldError(message: "bio failed", path: ["viewer", "bio"], extensions: ["code": "E1"])])
        #expect(report.storedFieldErrors == [0])
        #expect(
            store.record("User:1")?["bio"]
                == .fieldError(FieldError(message: "bio failed", path: ["viewer", "bio"], extensions: ["code": "E1"])))
        let first = store.lookup(Self.profile)
        #expect(first.isMissingData == false)
        #expect(first.fieldErrors.map(\.path) == [["viewer", "bio"]])
        #expect(first.data?["viewer"]?["bio"] == .null)

        // `me` is a second root field naming the same user: written once with no error, then read.
        try store.publish(
            ["me": ["__typename": "User", "id": "1"]], to: query([object("me", [typename, leaf("id")])]))
        let second = store.lookup(Self.card)
        #expect(second.isMissingData == false)
        #expect(
            second.fieldErrors == [
                FieldError(message: "bio failed", path: ["me", "about"], extensions: ["code": "E1"])
            ])
        #expect(second.data?["me"]?["about"] == .null)
        #expect(store.check(Self.card).readsFieldErrors)
    }

    @Test("a later answer with a value replaces the stored error")
    func laterValueReplaces() throws {
        let store = makeStore()
        _ = try Self.publish(
            store, ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": nil]], Self.profile,
            errors: [FieldError(message: "bio failed", path: ["viewer", "bio"])])
        try store.publish(["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": "hi"]], to: Self.profile)
        #expect(store.record("User:1")?["bio"] == .scalar("hi"))
        let snapshot = store.lookup(Self.profile)
        #expect(snapshot.fieldErrors.isEmpty)
        #expect(store.check(Self.profile).readsFieldErrors == false)
    }

    @Test("an error inside a list item is stored on that item's record, under an alias too")
    func errorInsideListItem() throws {
        let store = makeStore()
        let root = query([object("items", alias: "things", [typename, leaf("id"), leaf("price", alias: "cost")])])
        let report = try Self.publish(
            store,
            [
                "things": [
                    ["__typename": "Item", "id": "a", "cost": 1],
                    ["__typename": "Item", "id": "b", "cost": nil],
                ]
            ], root, errors: [FieldError(message: "no price", path: ["things", 1, "cost"])])
        #expect(report.storedFieldErrors == [0])
        #expect(store.record("Item:a")?["price"] == .scalar(1))
        guard case .fieldError? = store.record("Item:b")?["price"] else {
            Issue.record("the errored item's field holds \(String(describing: store.record("Item:b")?["price"]))")
            return
        }
        #expect(store.lookup(root).fieldErrors.map(\.path) == [["things", 1, "cost"]])
    }

    @Test("a null list item the server failed is kept as an error item of the list")
    func errorAtListItem() throws {
        let store = makeStore()
        let root = query([object("items", [typename, leaf("id")])])
        _ = try Self.publish(
            store, ["items": [["__typename": "Item", "id": "a"], nil]], root,
            errors: [FieldError(message: "item failed", path: ["items", 1])])
        #expect(
            store.record(.root)?["items"]
                == .links([.link("Item:a"), .fieldError(FieldError(message: "item failed", path: ["items", 1]))]))
        let snapshot = store.lookup(root)
        #expect(snapshot.data?["items"] == [["__typename": "Item", "id": "a"], nil])
        #expect(snapshot.fieldErrors.map(\.path) == [["items", 1]])
        #expect(store.check(root).readsFieldErrors)
    }

    @Test("an error under a non-null field is stored at the nullable parent the server nulled, keeping its path")
    func bubblesToNullableParent() throws {
        let store = makeStore()
        // `viewer` is nullable; its `name` is non-null and failed, so the server nulled `viewer`.
        let root = query([
            object("viewer", [typename, leaf("id"), object("friend", [typename, leaf("id"), leaf("name")])])
        ])
        let report = try Self.publish(
            store, ["viewer": ["__typename": "User", "id": "1", "friend": nil]], root,
            errors: [FieldError(message: "name failed", path: ["viewer", "friend", "name"])])
        #expect(report.storedFieldErrors == [0])
        #expect(
            store.record("User:1")?["friend"]
                == .fieldError(FieldError(message: "name failed", path: ["viewer", "friend", "name"])))
        // Reads see the error where the null is.
        #expect(store.lookup(root).fieldErrors.map(\.path) == [["viewer", "friend"]])
    }

    @Test("fields under an errored object are not written; what the store held for them stays")
    func fieldsUnderErroredObjectNotWritten() throws {
        let store = makeStore()
        let root = query([
            object("viewer", [typename, leaf("id"), object("friend", [typename, leaf("id"), leaf("name")])])
        ])
        try store.publish(
            ["viewer": ["__typename": "User", "id": "1", "friend": ["__typename": "User", "id": "2", "name": "Bo"]]],
            to: root)
        _ = try Self.publish(
            store, ["viewer": ["__typename": "User", "id": "1", "friend": nil]], root,
            errors: [FieldError(message: "name failed", path: ["viewer", "friend", "name"])])
        #expect(store.record("User:2")?["name"] == .scalar("Bo"))
    }

    @Test("errors without a path, or whose path meets no null, are not stored and the report says so")
    func unplacedErrors() throws {
        let store = makeStore()
        let report = try Self.publish(
            store, ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": "x"]], Self.profile,
            errors: [
                FieldError(message: "request"), FieldError(message: "not null", path: ["viewer", "bio"]),
                FieldError(message: "unknown", path: ["nothing"]),
            ])
        #expect(report.storedFieldErrors.isEmpty)
        #expect(store.record("User:1")?["bio"] == .scalar("x"))
    }

    @Test("a field error, alone and as a list item, round-trips through the record format's bytes")
    func recordFormatRoundTrip() throws {
        let error = FieldError(message: "bio failed", path: ["viewer", 0, "bio"], extensions: ["code": "E1"])
        let record = Record(
            dataID: "User:1", typename: "User",
            fields: [
                "bio": RecordField(value: .fieldError(error), writtenAt: WallInstant(secondsSince1970: 5)),
                "friends": RecordField(
                    value: .links([.link("User:2"), .fieldError(FieldError(message: "gone", path: ["f", 1]))]),
                    writtenAt: WallInstant(secondsSince1970: 5)),
            ])
        var keys = RecordKeyTable()
        let bytes = RecordEncoding.encode(record, keys: &keys)
        #expect(try RecordEncoding.decode(bytes, dataID: "User:1", keys: keys) == record)
    }

    @Test("a field error whose JSON is not a message with a path is refused with a typed error")
    func malformedStoredErrorRefused() throws {
        let record = Record(
            dataID: "User:1", typename: nil,
            fields: ["bio": RecordField(value: .scalar(["message": 3]), writtenAt: WallInstant(secondsSince1970: 5))])
        var keys = RecordKeyTable()
        var bytes = RecordEncoding.encode(record, keys: &keys)
        // The value is the last 12 bytes (object tag, count, "message" as text, int tag, 3 as zigzag):
        // a field error's tag goes in front of it.
        let objectTag = bytes.count - 12
        #expect(bytes[objectTag] == 0x07)
        bytes.insert(0x0B, at: objectTag)
        #expect(throws: RecordEncodingError.self) { try RecordEncoding.decode(bytes, dataID: "User:1", keys: keys) }
    }

    @Test("a subscriber is told when a null becomes a stored error")
    func subscriberToldOfError() throws {
        let store = makeStore()
        try store.publish(["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": nil]], to: Self.profile)
        let told = Recorder()
        let subscription = store.subscribe(to: Self.profile) { told.record($0) }
        defer { subscription.cancel() }
        _ = try Self.publish(
            store, ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": nil]], Self.profile,
            errors: [FieldError(message: "bio failed", path: ["viewer", "bio"])])
        #expect(told.count == 1)
    }
}
