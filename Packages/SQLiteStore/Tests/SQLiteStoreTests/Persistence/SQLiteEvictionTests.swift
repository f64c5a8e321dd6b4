import GraphQLCore
import Primitives
import SQLiteStore
import StoreCore
import Testing

/// Eviction, a log-out and the server's `maxAge`s in a real SQLite file, read back after a reopen.
@Suite("SQLiteStore-eviction")
struct SQLiteEvictionTests {
    @Test("evicting records, a field and a type is in the file after a reopen; other fields keep their write times")
    func evictions() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(5_000)
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            try store.publish(feed(["one", "two", "three"]), to: feedRoot)
            clock.advance(by: 60)
            #expect(try store.evict(["Post:p0"]) == 1)
            #expect(try store.evict(field: "title", of: "Post:p1") == 1)
        }
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            #expect(store.record("Post:p0") == nil)
            #expect(store.record("Post:p1")?.fields["title"] == nil)
            #expect(store.record("Post:p1")?.fields["id"]?.writtenAt == WallInstant(secondsSince1970: 5_000))
            #expect(store.record("Post:p2")?.fields["title"] != nil)
            #expect(store.lookup(feedRoot).isMissingData)
            #expect(try store.evict(type: "Post") == 2)
            #expect(try store.evict(type: "Post") == 0)
        }
        let (store, _, _) = try openStore(directory.file(), clock: clock)
        #expect(store.record("Post:p1") == nil && store.record("Post:p2") == nil)
        #expect(store.record("User:u1") != nil)
    }

    @Test("a log-out empties the file, its remembered roots and hints, in one call")
    func removeAll() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.publish(feed(["one"]), to: feedRoot)
            _ = store.subscribe(to: feedRoot) { _ in }
            store.keepServerMaxAge(30, forRoot: "feed")
            #expect(try store.removeAll() == 3)
            #expect(store.serverMaxAge(forRoot: "feed") == nil)
        }
        let (store, _, _) = try openStore(directory.file())
        #expect(store.recordCount == 0)
        #expect(store.serverMaxAge(forRoot: "feed") == nil)
        #expect(store.collectGarbage(retaining: []).keptRecords == 0)
    }

    @Test("a root's server maxAge is read back after a reopen, and forgotten when set to nil")
    func serverMaxAges() throws {
        let directory = try TemporaryDirectory()
        do {
            let (store, _, _) = try openStore(directory.file())
            store.keepServerMaxAge(30, forRoot: "a")
            store.keepServerMaxAge(60, forRoot: "b")
            store.keepServerMaxAge(nil, forRoot: "b")
        }
        let (store, _, _) = try openStore(directory.file())
        #expect(store.serverMaxAge(forRoot: "a") == 30)
        #expect(store.serverMaxAge(forRoot: "b") == nil)
    }
}
