import GraphQLCore
import Primitives
import SQLiteStore
import StoreCore
import Testing

@Suite("SQLiteStore-relaunch")
struct RelaunchTests {
    @Test("records, every field's write time and the invalidation point are read back after a reopen")
    func survivesReopen() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(5_000)
        let feedRoot = try root(feedQuery)
        let profileRoot = try root(profileQuery)
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            try store.publish(feed(["one", "two"]), to: feedRoot)
            store.invalidate()
            clock.advance(by: 60)
            try store.publish(["viewer": ["__typename": "User", "id": "u1", "name": "Grace"]], to: profileRoot)
        }
        let (store, _, _) = try openStore(directory.file(), clock: clock)
        #expect(store.recordCount == 4)
        #expect(store.invalidationPoint == WallInstant(secondsSince1970: 5_000))
        let snapshot = store.lookup(feedRoot)
        #expect(!snapshot.isMissingData)
        #expect(snapshot.isInvalidated)
        #expect(snapshot.data?["feed"]?.arrayValue?.first?["author"]?["name"] == "Grace")
        #expect(snapshot.data?["feed"]?.arrayValue?.last?["title"] == "two")
        #expect(store.record("Post:p0")?.fields["title"]?.writtenAt == WallInstant(secondsSince1970: 5_000))
        #expect(store.record("User:u1")?.fields["name"]?.writtenAt == WallInstant(secondsSince1970: 5_060))
        #expect(store.record("User:u1")?.fields["id"]?.writtenAt == WallInstant(secondsSince1970: 5_060))
        #expect(store.lookup(profileRoot).oldestWriteTime == WallInstant(secondsSince1970: 5_060))
        #expect(!store.lookup(profileRoot).isInvalidated)
    }

    @Test("opening a store of 20,000 records reads none of them, and reading a screen reads only its records")
    func opensLazily() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.publish(feed((0..<20_000).map { "post \($0)" }), to: feedRoot)
        }
        let (store, statistics, _) = try openStore(
            directory.file(), configuration: SQLiteStoreConfiguration(cacheCapacity: 200))
        #expect(store.recordCount == 20_002)
        #expect(statistics.recordsRead == 0)
        let fragment = try CompiledDocument(text: "fragment Row on Post { title author { name } }").fragment(
            named: "Row")
        let screen = StoreRoot(dataID: "Post:p7", selectionSet: fragment.selectionSet)
        #expect(store.lookup(screen).data?["title"] == "post 7")
        #expect(statistics.recordsRead == 2)
        #expect(store.lookup(screen).data?["author"]?["name"] == "Ada")
        #expect(statistics.recordsRead == 2)
        // Reading everything keeps only the cache's capacity decoded in memory.
        #expect(!store.lookup(feedRoot).isMissingData)
        #expect(statistics.recordsRead >= 20_002)
        #expect(statistics.cachedRecords <= 200)
    }

    @Test("a write changes the record in the file: merged fields, kept fields, one transaction per publish")
    func mergesIntoStoredRecords() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(100)
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            try store.publish(feed(["one"]), to: feedRoot)
        }
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            clock.advance(by: 10)
            let changed = try store.publish(
                ["viewer": ["__typename": "User", "id": "u1", "name": "Grace"]], to: try root(profileQuery))
            #expect(changed == ["client:root", "User:u1"])
        }
        let (store, _, _) = try openStore(directory.file(), clock: clock)
        let user = try #require(store.record("User:u1"))
        #expect(user["name"] == .scalar("Grace"))
        #expect(user.fields["name"]?.writtenAt == WallInstant(secondsSince1970: 110))
        #expect(user.fields["__typename"]?.writtenAt == WallInstant(secondsSince1970: 110))
        #expect(store.record(.root)?.fields.keys.sorted() == ["feed", "viewer"])
        #expect(store.record(.root)?.fields["feed"]?.writtenAt == WallInstant(secondsSince1970: 100))
    }
}
