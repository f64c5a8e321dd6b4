import GraphQLCore
import Primitives
@_spi(RecordFormat) import StoreCore
import Testing

@Suite("Field errors at the items of a list of leaves")
struct LeafListFieldErrorTests {
    /// `user { id tags }`, `tags: [String]`.
    static let tagged = query([object("user", [typename, leaf("id"), leaf("tags")])])
    /// Another screen over the same user's tags, through aliases.
    static let labels = query([object("user", alias: "me", [typename, leaf("id"), leaf("tags", alias: "labels")])])

    static let error = FieldError(message: "tag 1 failed", path: ["user", "tags", 1], extensions: ["code": "TAG"])

    static func publishErrored(_ store: Store) throws -> PublishReport {
        try store.publish(
            ["user": ["__typename": "User", "id": "1", "tags": ["a", nil, "c"]]], to: tagged,
            requestedAt: store.requestInstant(), fieldErrors: [error])
    }

    @Test("an error at an item of a list of leaves is stored at the item and read back at the item's path")
    func storedAtTheItem() throws {
        let store = makeStore()
        let report = try Self.publishErrored(store)
        #expect(report.storedFieldErrors == [0])
        #expect(store.record("User:1")?["tags"] == .links([.scalar("a"), .fieldError(Self.error), .scalar("c")]))

        let snapshot = store.lookup(Self.tagged)
        #expect(snapshot.isMissingData == false)
        #expect(snapshot.data?["user"]?["tags"] == ["a", nil, "c"])
        #expect(snapshot.fieldErrors == [Self.error])
        #expect(store.check(Self.tagged).readsFieldErrors)
        #expect(store.check(Self.tagged).isMissingData == false)

        // A second query over the same list reads the error at its own path.
        let other = store.lookup(Self.labels)
        #expect(other.isMissingData == false)
        #expect(other.data?["me"]?["labels"] == ["a", nil, "c"])
        #expect(other.fieldErrors.map(\.path) == [["me", "labels", 1]])
        #expect(other.fieldErrors.map(\.message) == ["tag 1 failed"])
    }

    @Test("a list of lists keeps an inner item's error; a null item without an error stays null")
    func nestedLists() throws {
        let store = makeStore()
        let inner = FieldError(message: "inner failed", path: ["user", "tags", 0, 1])
        let report = try store.publish(
            ["user": ["__typename": "User", "id": "1", "tags": [["x", nil], nil]]], to: Self.tagged,
            requestedAt: store.requestInstant(), fieldErrors: [inner])
        #expect(report.storedFieldErrors == [0])
        #expect(store.record("User:1")?["tags"] == .links([.links([.scalar("x"), .fieldError(inner)]), .null]))
        let snapshot = store.lookup(Self.tagged)
        #expect(snapshot.data?["user"]?["tags"] == [["x", nil], nil])
        #expect(snapshot.fieldErrors.map(\.path) == [["user", "tags", 0, 1]])
    }

    @Test("a later answer with the whole list replaces the kept errors")
    func replacedByLaterList() throws {
        let store = makeStore()
        _ = try Self.publishErrored(store)
        try store.publish(["user": ["__typename": "User", "id": "1", "tags": ["a", "b", "c"]]], to: Self.tagged)
        #expect(store.record("User:1")?["tags"] == .scalar(["a", "b", "c"]))
        #expect(store.lookup(Self.tagged).fieldErrors.isEmpty)
        #expect(store.check(Self.tagged).readsFieldErrors == false)
    }

    @Test("the list with its errors goes through the record format, as the SQLite file holds it, unchanged")
    func recordFormatRoundTrip() throws {
        let store = makeStore()
        _ = try Self.publishErrored(store)
        let record = try #require(store.record("User:1"))
        var keys = RecordKeyTable()
        let bytes = RecordEncoding.encode(record, keys: &keys)
        #expect(try RecordEncoding.decode(bytes, dataID: "User:1", keys: keys) == record)
    }

    @Test("an answer without errors keeps a list with a null item as one value, as before")
    func cleanListUnchanged() throws {
        let store = makeStore()
        try store.publish(["user": ["__typename": "User", "id": "1", "tags": ["a", nil]]], to: Self.tagged)
        #expect(store.record("User:1")?["tags"] == .scalar(["a", nil]))
        let unrelated = FieldError(message: "elsewhere", path: ["user", "name"])
        let report = try store.publish(
            ["user": ["__typename": "User", "id": "1", "tags": ["a", nil]]], to: Self.tagged,
            requestedAt: store.requestInstant(), fieldErrors: [unrelated])
        #expect(report.storedFieldErrors.isEmpty)
        #expect(store.record("User:1")?["tags"] == .scalar(["a", nil]))
    }
}
