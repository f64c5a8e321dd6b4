import GraphQLCore
import Primitives
import StoreCore
import Testing

/// Removing records, fields of a record and records of a type, and clearing the store for a log-out:
/// the subscriptions that read what went are told, and read it as missing.
@Suite("Eviction")
struct EvictionTests {
    static let root = query([
        object(
            "viewer",
            [
                typename, leaf("id"), leaf("name"),
                object("posts", arguments: ["first": .literal(2)], [typename, leaf("id"), leaf("title")]),
            ])
    ])
    static let other = query([
        object(
            "viewer",
            [typename, leaf("id"), object("posts", arguments: ["first": .literal(1)], [typename, leaf("id")])])
    ])

    static let data: JSONValue = [
        "viewer": [
            "__typename": "User", "id": "1", "name": "Ada",
            "posts": [
                ["__typename": "Post", "id": "p1", "title": "One"], ["__typename": "Post", "id": "p2", "title": "Two"],
            ],
        ]
    ]

    static func stores() -> [Store] {
        [makeStore(), Store(source: PersistingSource(), configuration: StoreConfiguration())]
    }

    @Test("evicting a record tells the subscription that read it, which then misses data", arguments: stores())
    func record(store: Store) throws {
        try store.publish(Self.data, to: Self.root)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.root) { recorder.record($0) }
        #expect(try store.evict(["Post:p2", "Post:nope"]) == 1)
        #expect(store.record("Post:p2") == nil)
        #expect(recorder.count == 1)
        #expect(recorder.snapshots.last?.isMissingData == true)
        #expect(try store.evict(["Post:p2"]) == 0)
        #expect(recorder.count == 1)
        subscription.cancel()
    }

    @Test("evicting a field removes one argument variant or all, keeping the other fields", arguments: stores())
    func field(store: Store) throws {
        try store.publish(Self.data, to: Self.root)
        try store.publish(
            ["viewer": ["__typename": "User", "id": "1", "posts": [["__typename": "Post", "id": "p1"]]]], to: Self.other
        )
        let nameWrittenAt = store.record("User:1")?.fields["name"]?.writtenAt
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.root) { recorder.record($0) }

        #expect(try store.evict(field: "posts", arguments: ["first": 1], of: "User:1") == 1)
        #expect(store.record("User:1")?.fields["posts(first:1)"] == nil)
        #expect(store.record("User:1")?.fields["posts(first:2)"] != nil)
        #expect(recorder.count == 0, "the screen reads posts(first: 2), which stays")

        #expect(try store.evict(field: "posts", of: "User:1") == 1)
        #expect(store.record("User:1")?.fields["posts(first:2)"] == nil)
        #expect(store.record("User:1")?.fields["name"]?.writtenAt == nameWrittenAt)
        #expect(recorder.count == 1)
        #expect(recorder.snapshots.last?.isMissingData == true)
        #expect(try store.evict(field: "posts", of: "User:1") == 0)
        subscription.cancel()
    }

    @Test("evicting a type removes every record of it", arguments: stores())
    func type(store: Store) throws {
        try store.publish(Self.data, to: Self.root)
        #expect(try store.evict(type: "Post") == 2)
        #expect(store.record("Post:p1") == nil && store.record("Post:p2") == nil)
        #expect(store.record("User:1") != nil)
        #expect(store.lookup(Self.root).isMissingData)
    }

    @Test("removeAll clears every record, tells the subscriptions, and refuses answers to earlier requests")
    func removeAll() throws {
        let clock = ManualClock()
        let store = makeStore(clock: clock)
        try store.publish(Self.data, to: Self.root)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.root) { recorder.record($0) }
        let before = store.requestInstant()
        #expect(try store.removeAll() == 4)
        #expect(store.recordCount == 0)
        #expect(recorder.count == 1)
        #expect(recorder.snapshots.last?.isMissingData == true)

        let late = try store.publish(Self.data, to: Self.root, requestedAt: before)
        #expect(late.changedRecords.isEmpty)
        #expect(store.recordCount == 0)

        let after = store.requestInstant()
        try store.publish(Self.data, to: Self.root, requestedAt: after)
        #expect(store.recordCount == 4)
        #expect(!store.lookup(Self.root).isMissingData)
        subscription.cancel()
    }
}
