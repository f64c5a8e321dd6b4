import GraphQLCore
import Primitives
import StoreCore
import Testing

@testable import SQLiteStore

/// A publish is merged as bytes into the bytes the file holds (decision 0220): into records read
/// back from the file, into bytes a write left in the cache, and past bytes that do not decode.
@Suite("SQLiteStore-publishes merged as bytes")
struct ByteMergeTests {
    static let postQuery = "query Post { post { __typename id title } }"

    static func post(_ title: String) -> JSONValue {
        ["post": ["__typename": "Post", "id": "p0", "title": .string(title)]]
    }

    @Test(
        "a publish over a record read back from the file keeps the fields it does not write and their write times, and tells only of real changes"
    )
    func mergesIntoTheFilesBytes() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(5_000)
        let feedRoot = try root(feedQuery)
        let postRoot = try root(Self.postQuery)
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            try store.publish(feed(["one", "two"]), to: feedRoot)
        }
        clock.advance(by: 60)
        let (store, statistics, _) = try openStore(directory.file(), clock: clock)
        let told = Locked(0)
        let subscription = store.subscribe(to: feedRoot) { _ in told.withLock { $0 += 1 } }
        let readBefore = statistics.recordsRead

        // The same title: the post's bytes are read from the file and merged, nothing changes.
        try store.publish(Self.post("one"), to: postRoot)
        #expect(statistics.recordsRead == readBefore)  // the subscription's read left it cached
        #expect(told.withLock { $0 } == 0)
        // A new title: told once, the author link and its write time kept.
        clock.advance(by: 60)
        try store.publish(Self.post("ONE"), to: postRoot)
        #expect(told.withLock { $0 } == 1)
        let (reopened, _, _) = try openStore(directory.file(), clock: clock)
        let post = reopened.record("Post:p0")
        #expect(post?.typename == "Post")
        #expect(post?["title"] == .scalar(.string("ONE")))
        #expect(post?.fields["title"]?.writtenAt == WallInstant(secondsSince1970: 5_120))
        #expect(post?["author"] == .link("User:u1"))
        #expect(post?.fields["author"]?.writtenAt == WallInstant(secondsSince1970: 5_000))
        #expect(reopened.recordCount == 4)
        subscription.cancel()
    }

    @Test("a record whose bytes in the file do not decode is logged once, written anew by a publish, and counted once")
    func undecodableBytesAreWrittenAnew() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.publish(feed(["one", "two"]), to: feedRoot)
        }
        // Bytes SQLite reads without error but that are no record: a version this library lacks.
        try SQLiteConnection(path: directory.file()).run(
            "UPDATE records SET bytes = ? WHERE id = ?", [.blob([0xEE, 0x00]), .text("Post:p1")])
        let events = EventRecorder()
        do {
            let (store, _, _) = try openStore(directory.file(), configuration: .init(log: events.record))
            try store.publish(feed(["one", "TWO"]), to: feedRoot)
            #expect(events.events == [.readFailed(.corrupt)])
            #expect(store.recordCount == 4)
        }
        let (reopened, _, _) = try openStore(directory.file())
        #expect(reopened.recordCount == 4)
        #expect(try SQLiteConnection(path: directory.file()).scalar("SELECT count(*) FROM records")?.integer == 4)
        #expect(reopened.lookup(feedRoot).data?["feed"]?.arrayValue?.last?["title"] == "TWO")
    }
}
