import Foundation
import GraphQLCore
import Primitives
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-one file, two stores")
struct SharedFileTests {
    static let profileRoot = Result { try root(profileQuery) }

    static func viewer(_ id: String, _ name: String) -> JSONValue {
        ["viewer": ["__typename": "User", "id": .string(id), "name": .string(name)]]
    }

    @Test("two stores on one file in one process read each other's commits, and their new keys never collide")
    func twoStoresInOneProcess() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        let profileRoot = try Self.profileRoot.get()
        let (first, _, _) = try openStore(directory.file())
        let (second, _, _) = try openStore(directory.file())
        try first.publish(feed(["one"]), to: feedRoot)
        #expect(!second.lookup(feedRoot).isMissingData)
        #expect(second.lookup(feedRoot).data == first.lookup(feedRoot).data)
        // A key the first store never saw, written by the second at the next position in the file.
        try second.publish(Self.viewer("u2", "Grace"), to: profileRoot)
        #expect(first.record("User:u2")?["name"] == .scalar(.string("Grace")))
        #expect(first.recordCount == 4)
        #expect(second.recordCount == 4)
        // A record the second store holds decoded, changed by the first.
        try first.publish(feed(["two"]), to: feedRoot)
        #expect(second.record("Post:p0")?["title"] == .scalar(.string("two")))
        try second.publish(feed(["three"], author: "Bob"), to: feedRoot)
        #expect(first.record("User:u1")?["name"] == .scalar(.string("Bob")))
        let (third, _, _) = try openStore(directory.file(), configuration: .init(unusableFile: .fail))
        #expect(third.recordCount == 4)
        #expect(third.lookup(feedRoot).data == first.lookup(feedRoot).data)
        #expect(third.lookup(profileRoot).data == second.lookup(profileRoot).data)
    }

    @Test("a store's subscribers are told, at its next check, when another process changed what they read")
    func subscribersToldOfAnotherProcess() throws {
        let directory = try TemporaryDirectory()
        let latestRoot = try root(
            """
            query Latest {
              latest { __typename id generation entry { __typename id generation } items { __typename id generation } }
            }
            """)
        let (store, _, _) = try openStore(directory.file())
        let other = try CrashWriter(["serve", directory.file(), "-"])
        #expect(other.nextLine() == "ready")
        #expect(other.ask("publish 1") == "ack 1")
        let delivered = Locked<[Snapshot]>([])
        let subscription = store.subscribe(to: latestRoot) { snapshot in delivered.withLock { $0.append(snapshot) } }
        defer { subscription.cancel() }
        // The subscription's first read already saw generation 1: nothing to tell.
        #expect(store.checkForOtherWriters() == 0)
        #expect(other.ask("publish 2") == "ack 2")
        #expect(store.checkForOtherWriters() == 1)
        let told = delivered.withLock { $0 }
        #expect(told.count == 1)
        #expect(told.last?.data == store.lookup(latestRoot).data)
        #expect(store.record("Latest:1")?["generation"] == .scalar(.int(2)))
        // Reads by the other process change nothing, and a commit is told once.
        #expect(other.ask("read Latest:1 generation") == "value Latest:1 generation 2")
        #expect(store.checkForOtherWriters() == 0)
        #expect(delivered.withLock { $0.count } == 1)
        other.kill()
    }

    @Test(
        "two processes on one file read each other's commits at their next read, and a kill mid-write leaves the other's view whole"
    )
    func twoProcesses() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        let (store, _, _) = try openStore(directory.file())
        try store.publish(feed(["one"]), to: feedRoot)
        let other = try CrashWriter(["serve", directory.file(), "-"])
        #expect(other.nextLine() == "ready")
        #expect(other.ask("read Post:p0 title") == "value Post:p0 title one")
        // The other process adds 12 records and four keys this store has never seen.
        #expect(other.ask("publish 1") == "ack 1")
        #expect(store.record("Latest:1")?["generation"] == .scalar(.int(1)))
        #expect(store.recordCount == 15)
        // This store adds a key after the other's, and changes a record the other has read.
        try store.publish(Self.viewer("u2", "Grace"), to: try Self.profileRoot.get())
        try store.publish(feed(["two"]), to: feedRoot)
        #expect(other.ask("read Post:p0 title") == "value Post:p0 title two")
        #expect(other.ask("read User:u2 name") == "value User:u2 name Grace")
        #expect(other.ask("count") == "count 16")
        #expect(other.ask("publish 2") == "ack 2")
        #expect(store.record("Item:3")?["generation"] == .scalar(.int(2)))
        other.kill()

        // A writer killed while it publishes: this store's view is of whole generations only.
        let writer = try CrashWriter(["publish", directory.file(), "3"])
        for generation in 3..<7 { #expect(writer.nextLine() == "ack \(generation)") }
        writer.kill()
        guard case .scalar(.int(let latest))? = store.record("Latest:1")?["generation"] else {
            Issue.record("the latest record has no generation")
            return
        }
        #expect(latest >= 6)
        for index in 0..<10 { #expect(store.record(DataID("Item:\(index)"))?["generation"] == .scalar(.int(latest))) }
        #expect(store.record(DataID("Entry:\(latest)"))?["generation"] == .scalar(.int(latest)))
        #expect(store.recordCount == 16 + latest - 1)
        try store.publish(feed(["three"]), to: feedRoot)
        #expect(store.record("Post:p0")?["title"] == .scalar(.string("three")))
        let (reopened, _, _) = try openStore(directory.file(), configuration: .init(unusableFile: .fail))
        #expect(reopened.recordCount == store.recordCount)
        #expect(reopened.lookup(feedRoot).data == store.lookup(feedRoot).data)
    }
}
