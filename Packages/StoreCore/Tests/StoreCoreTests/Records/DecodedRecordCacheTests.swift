import GraphQLCore
import Primitives
import StoreCore
import Testing

/// `Store.record(_:)` keeps the records it decoded (decision 0219): whatever changes the records
/// between two reads, the second read shows the change, and more records than the cache holds are
/// each read as themselves.
@Suite("Store.record(_:) cache")
struct DecodedRecordCacheTests {
    static let post = query([object("post", [typename, leaf("id"), leaf("title"), leaf("likes")])])

    static func post(_ title: String, likes: Int) -> JSONValue {
        ["post": ["__typename": "Post", "id": "1", "title": .string(title), "likes": .int(likes)]]
    }

    @Test(
        "a record read by ID shows every later change: a publish, a transaction, an optimistic layer and its removal, a field's eviction, the record's collection"
    )
    func everyChangeIsRead() throws {
        let store = makeStore()
        try store.publish(Self.post("One", likes: 1), to: Self.post)
        #expect(store.record("Post:1")?["title"] == .scalar(.string("One")))
        #expect(store.record("Post:1")?["title"] == .scalar(.string("One")))

        try store.publish(Self.post("Two", likes: 2), to: Self.post)
        #expect(store.record("Post:1")?["title"] == .scalar(.string("Two")))

        try store.update { transaction in try transaction.publish(Self.post("Three", likes: 3), to: Self.post) }
        #expect(store.record("Post:1")?["title"] == .scalar(.string("Three")))

        try store.applyOptimistic(
            "like", ["likes": 9], to: StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("likes")])))
        #expect(store.record("Post:1")?["likes"] == .scalar(.int(9)))
        store.removeOptimistic("like")
        #expect(store.record("Post:1")?["likes"] == .scalar(.int(3)))

        #expect(try store.evict(field: "title", of: "Post:1") == 1)
        #expect(store.record("Post:1")?["title"] == nil)
        #expect(store.record("Post:1")?["likes"] == .scalar(.int(3)))

        // The post is reached from the query root only; retaining nothing collects both.
        #expect(store.collectGarbage(retaining: []).removedRecords == 2)
        #expect(store.record("Post:1") == nil)
        #expect(store.record(.root) == nil)
    }

    @Test("a thousand records, more than the cache holds, each read as itself before and after a compaction")
    func manyRecordsShareSlots() throws {
        let store = makeStore()
        let list = query([object("posts", [typename, leaf("id"), leaf("title")])])
        let posts: [JSONValue] = (0..<1_000).map {
            ["__typename": "Post", "id": .string("\($0)"), "title": .string("T\($0)")]
        }
        try store.publish(["posts": .array(posts)], to: list)
        for _ in 0..<2 {
            for index in 0..<1_000 {
                let record = store.record(DataID("Post:\(index)"))
                #expect(record?.dataID == DataID("Post:\(index)") && record?["title"] == .scalar(.string("T\(index)")))
            }
        }
        // The first hundred posts read last, so the cache holds them when the eviction below
        // compacts the source and the posts left move to their positions.
        for index in 0..<100 { #expect(store.record(DataID("Post:\(index)"))?.dataID == DataID("Post:\(index)")) }
        #expect(try store.evict(Set((0..<900).map { DataID("Post:\($0)") })) == 900)
        for index in 0..<1_000 {
            let record = store.record(DataID("Post:\(index)"))
            if index < 900 {
                #expect(record == nil)
            } else {
                #expect(record?.dataID == DataID("Post:\(index)") && record?["title"] == .scalar(.string("T\(index)")))
            }
        }
    }
}
