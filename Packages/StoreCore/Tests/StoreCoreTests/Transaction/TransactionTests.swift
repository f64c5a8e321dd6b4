import Foundation
import GraphQLCore
import Primitives
import StoreCore
import Testing

@Suite("Transactions: an update is written whole or not at all")
struct TransactionTests {
    static let users = query([
        object("a", [typename, leaf("id"), leaf("name")]),
        object("b", [typename, leaf("id"), leaf("name")]),
    ])

    static let userQuery = query([object("user", [typename, leaf("id"), leaf("name")])])

    static let email = StoreRoot(dataID: "User:1", selectionSet: .init([leaf("email")]))

    static func user(_ id: String, _ name: String) -> JSONValue {
        ["__typename": "User", "id": .string(id), "name": .string(name)]
    }

    /// A store holding users 1 and 2 written at 1000 s, a recorder subscribed to both, and the clock
    /// moved on so that any later write would carry a new write time.
    static func prepared(source: sending any RecordSource = InMemoryRecordSource()) throws -> (
        Store, Recorder, StoreSubscription
    ) {
        let clock = ManualClock()
        let store = Store(source: source, configuration: StoreConfiguration(clock: { clock.now }))
        try store.publish(["a": user("1", "Ada"), "b": user("2", "Grace")], to: users)
        let recorder = Recorder()
        let subscription = store.subscribe(to: users) { recorder.record($0) }
        clock.advance(by: 10)
        return (store, recorder, subscription)
    }

    struct Refused: Error {}

    @Test("an update whose body throws after a publish writes nothing, moves no write time, tells no one")
    func bodyThrows() throws {
        let (store, recorder, subscription) = try Self.prepared()
        let before = (store.lookup(Self.users), store.record("User:1"), store.record("client:root"), store.recordCount)

        #expect(throws: Refused.self) {
            try store.update { transaction in
                try transaction.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
                try transaction.publish(["user": Self.user("3", "Barbara")], to: Self.userQuery)
                throw Refused()
            }
        }

        #expect(store.lookup(Self.users) == before.0)
        #expect(store.record("User:1") == before.1)
        #expect(store.record("client:root") == before.2)
        #expect(store.record("User:3") == nil)
        #expect(store.recordCount == before.3)
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test("a staged publish the store refuses leaves out the publishes staged before it")
    func refusedPublish() throws {
        let (store, recorder, subscription) = try Self.prepared()
        let before = (store.lookup(Self.users), store.record("User:1"), store.recordCount)

        #expect(throws: StoreError.self) {
            try store.update { transaction in
                try transaction.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
                // User 2 without its selected name: the response does not fit.
                try transaction.publish(["user": ["__typename": "User", "id": "2"]], to: Self.userQuery)
            }
        }

        #expect(store.lookup(Self.users) == before.0)
        #expect(store.record("User:1") == before.1)
        #expect(store.recordCount == before.2)
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test("a plain batch is not a transaction: a publish before a throw stays written")
    func batchKeepsEarlierPublishes() throws {
        let (store, recorder, subscription) = try Self.prepared()

        #expect(throws: Refused.self) {
            try store.batch {
                try store.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
                throw Refused()
            }
        }

        #expect(store.record("User:1")?["name"] == .scalar("Ada L."))
        #expect(recorder.count == 1)
        subscription.cancel()
    }

    @Test("an update writes every staged publish as one write batch and tells each subscription once")
    func appliedTogether() throws {
        let source = RecordingSource()
        let log = source.log
        let (store, recorder, subscription) = try Self.prepared(source: source)

        let changed = try store.update { transaction in
            try transaction.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
            try transaction.publish(["user": Self.user("2", "Grace H.")], to: Self.userQuery)
            #expect(recorder.count == 0)
        }

        #expect(changed == ["client:root", "User:1", "User:2"])
        #expect(log.batchOrders == [["client:root", "User:1", "User:2"], ["client:root", "User:1", "User:2"]])
        #expect(recorder.count == 1)
        #expect(recorder.snapshots.last?.data == ["a": Self.user("1", "Ada L."), "b": Self.user("2", "Grace H.")])
        let written = try #require(store.record("User:1")?.fields["name"]?.writtenAt)
        #expect(store.record("User:2")?.fields["name"]?.writtenAt == written)
        #expect(written == WallInstant(secondsSince1970: 1_010))
        subscription.cancel()
    }

    @Test("reads through a transaction see its staged writes; reads through the store do not until it returns")
    func stagedReads() throws {
        let (store, _, subscription) = try Self.prepared()

        try store.update { transaction in
            try transaction.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
            #expect(transaction.record("User:1")?["name"] == .scalar("Ada L."))
            #expect(transaction.lookup(Self.users).data?["a"]?["name"] == .string("Ada L."))
            #expect(transaction.lookup(Self.users).data?["b"]?["name"] == .string("Grace"))
            #expect(store.record("User:1")?["name"] == .scalar("Ada"))
            #expect(store.lookup(Self.users).data?["a"]?["name"] == .string("Ada"))
        }

        #expect(store.record("User:1")?["name"] == .scalar("Ada L."))
        subscription.cancel()
    }

    @Test("a transaction's reads put the optimistic layers over its staged writes, as the store will")
    func stagedReadsUnderOptimisticLayers() throws {
        let (store, _, subscription) = try Self.prepared()
        try store.applyOptimistic("pending", ["user": Self.user("1", "Optimistic")], to: Self.userQuery)

        try store.update { transaction in
            try transaction.publish(["a": Self.user("1", "Ada L."), "b": Self.user("2", "Grace H.")], to: Self.users)
            #expect(transaction.record("User:1")?["name"] == .scalar("Optimistic"))
            #expect(transaction.record("User:2")?["name"] == .scalar("Grace H."))
        }

        #expect(store.record("User:1")?["name"] == .scalar("Optimistic"))
        store.removeOptimistic("pending")
        #expect(store.record("User:1")?["name"] == .scalar("Ada L."))
        subscription.cancel()
    }

    /// Runs `publish` on a thread of its own while the calling thread waits, so that it lands in the
    /// middle of an update's body as another task's publish would.
    static func onAnotherThread(_ publish: @escaping @Sendable () throws -> Void) throws {
        let done = Latch()
        let failure = Locked<(any Error)?>(nil)
        Thread {
            do { try publish() } catch { failure.withLock { $0 = error } }
            done.open()
        }.start()
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    @Test("a publish another thread makes during an update survives the update's failure")
    func concurrentPublishSurvivesFailure() throws {
        let (store, recorder, subscription) = try Self.prepared()

        #expect(throws: Refused.self) {
            try store.update { transaction in
                try transaction.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
                try Self.onAnotherThread {
                    try store.publish(["user": Self.user("2", "Grace H.")], to: Self.userQuery)
                }
                throw Refused()
            }
        }

        #expect(store.record("User:1")?["name"] == .scalar("Ada"))
        #expect(store.record("User:2")?["name"] == .scalar("Grace H."))
        #expect(recorder.snapshots.map(\.data) == [["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace H.")]])
        subscription.cancel()
    }

    @Test("a publish another thread makes during an update keeps its fields when the update is applied")
    func concurrentPublishSurvivesSuccess() throws {
        let (store, recorder, subscription) = try Self.prepared()

        try store.update { transaction in
            try transaction.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
            try Self.onAnotherThread {
                try store.publish(["email": "ada@example.com"], to: Self.email)
                try store.publish(["user": Self.user("2", "Grace H.")], to: Self.userQuery)
            }
        }

        #expect(store.record("User:1")?["name"] == .scalar("Ada L."))
        #expect(store.record("User:1")?["email"] == .scalar("ada@example.com"))
        #expect(store.record("User:2")?["name"] == .scalar("Grace H."))
        #expect(recorder.snapshots.last?.data == ["a": Self.user("1", "Ada L."), "b": Self.user("2", "Grace H.")])
        subscription.cancel()
    }
}
