import GraphQLCore
import Testing

@testable import StoreCore

/// Subscriptions are indexed at their root record by the fields they read there, so that the query
/// root, which every root operation shares, re-reads only the subscriptions whose fields changed.
@Suite("Notify by root field")
struct FieldNotifyTests {
    static func user(_ id: String, _ name: String) -> JSONValue {
        ["__typename": "User", "id": .string(id), "name": .string(name)]
    }

    static func userField(_ name: String) -> StoreRoot { query([object(name, [typename, leaf("id"), leaf("name")])]) }

    @Test("publishing a new root operation re-reads no subscription to other root fields")
    func newRootOperation() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        let recorder = Recorder()
        let subscriptions = (0..<3).map { _ in store.subscribe(to: Self.userField("a")) { recorder.record($0) } }
        let reads = store.subscriptionReads
        try store.publish(["b": Self.user("2", "Grace")], to: Self.userField("b"))
        try store.publish(["c": Self.user("3", "Hopper")], to: Self.userField("c"))
        #expect(store.subscriptionReads == reads)
        #expect(recorder.count == 0)

        try store.publish(["a": Self.user("4", "Lovelace")], to: Self.userField("a"))
        #expect(store.subscriptionReads == reads + 3)
        #expect(recorder.snapshots.map(\.data) == Array(repeating: ["a": Self.user("4", "Lovelace")], count: 3))
        withExtendedLifetime(subscriptions) {}
    }

    @Test("a record a root field links to still re-reads the subscription when it changes")
    func linkedRecord() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.userField("a")) { recorder.record($0) }
        let reads = store.subscriptionReads
        try store.publish(["b": Self.user("1", "Ada L.")], to: Self.userField("b"))
        #expect(store.subscriptionReads == reads + 1)
        #expect(recorder.snapshots.map(\.data) == [["a": Self.user("1", "Ada L.")]])
        subscription.cancel()
    }

    @Test("writing a root field a subscription read as missing tells it")
    func missingField() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        let both = query([object("a", [typename, leaf("id"), leaf("name")]), leaf("count")])
        let recorder = Recorder()
        let subscription = store.subscribe(to: both) { recorder.record($0) }
        #expect(subscription.snapshot?.isMissingData == true)
        let reads = store.subscriptionReads
        try store.publish(["count": 2], to: query([leaf("count")]))
        #expect(store.subscriptionReads == reads + 1)
        #expect(recorder.snapshots.map(\.isMissingData) == [false])
        #expect(recorder.snapshots.last?.data == ["a": Self.user("1", "Ada"), "count": 2])
        subscription.cancel()
    }

    @Test("a root record that did not exist tells its subscriptions when it appears")
    func rootRecordAppears() throws {
        let store = makeStore()
        let fragment = StoreRoot(dataID: "User:1", selectionSet: .init([leaf("name")]))
        let recorder = Recorder()
        let subscription = store.subscribe(to: fragment) { recorder.record($0) }
        #expect(subscription.snapshot?.data == nil)
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        #expect(recorder.snapshots.map(\.data) == [["name": "Ada"]])
        subscription.cancel()
    }

    @Test(
        "the write that creates the query root re-reads only the subscriptions to the fields it writes, and tells none whose fields it did not write"
    )
    func rootRecordCreatedByField() throws {
        let store = makeStore()
        let onA = Recorder()
        let onB = Recorder()
        let subscriptions = [
            store.subscribe(to: Self.userField("a")) { onA.record($0) },
            store.subscribe(to: Self.userField("b")) { onB.record($0) },
        ]
        #expect(subscriptions.map { $0.snapshot?.data } == [nil, nil])
        let reads = store.subscriptionReads
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        #expect(store.subscriptionReads == reads + 1)
        #expect(onA.snapshots.map(\.data) == [["a": Self.user("1", "Ada")]])
        #expect(onB.count == 0)

        // The subscription that was not told is still indexed under its own field.
        try store.publish(["b": Self.user("2", "Grace")], to: Self.userField("b"))
        #expect(store.subscriptionReads == reads + 2)
        #expect(onB.snapshots.map(\.data) == [["b": Self.user("2", "Grace")]])
        withExtendedLifetime(subscriptions) {}
    }

    @Test("a record that appears with a typename tells a subscription rooted there whose type case it decides")
    func rootRecordAppearsWithTypename() throws {
        let store = makeStore()
        let node = StoreRoot(
            dataID: "Node:1", selectionSet: .init([on("User", possibleTypes: ["User"], [leaf("name")])]))
        let recorder = Recorder()
        let subscription = store.subscribe(to: node) { recorder.record($0) }
        #expect(subscription.snapshot?.isMissingData == true)
        try store.publish(["__typename": "Bot"], to: StoreRoot(dataID: "Node:1", selectionSet: .init([typename])))
        #expect(recorder.snapshots.map(\.data) == [[:]])
        #expect(recorder.snapshots.map(\.isMissingData) == [false])
        subscription.cancel()
    }

    @Test("a changed typename of the root record re-reads the subscriptions rooted there")
    func typenameChange() throws {
        let store = makeStore()
        let node = StoreRoot(
            dataID: "Node:1", selectionSet: .init([on("User", possibleTypes: ["User"], [leaf("name")])]))
        try store.publish(
            ["__typename": "Bot", "name": "R"],
            to: StoreRoot(dataID: "Node:1", selectionSet: .init([typename, leaf("name")])))
        let recorder = Recorder()
        let subscription = store.subscribe(to: node) { recorder.record($0) }
        #expect(subscription.snapshot?.data == [:])
        try store.publish(["__typename": "User"], to: StoreRoot(dataID: "Node:1", selectionSet: .init([typename])))
        #expect(recorder.snapshots.map(\.data) == [["name": "R"]])
        subscription.cancel()
    }

    @Test("optimistic layers over the query root tell exactly the subscriptions to the fields they write")
    func optimisticOverRoot() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        try store.publish(["b": Self.user("2", "Grace")], to: Self.userField("b"))
        let onA = Recorder()
        let onB = Recorder()
        let onCount = Recorder()
        let subscriptions = [
            store.subscribe(to: Self.userField("a")) { onA.record($0) },
            store.subscribe(to: Self.userField("b")) { onB.record($0) },
            store.subscribe(to: query([leaf("count")])) { onCount.record($0) },
        ]
        let reads = store.subscriptionReads
        try store.applyOptimistic("swap", ["a": Self.user("5", "Optimist")], to: Self.userField("a"))
        #expect(store.subscriptionReads == reads + 1)
        try store.applyOptimistic("count", ["count": 7], to: query([leaf("count")]))
        #expect(store.subscriptionReads == reads + 2)
        store.removeOptimistic("swap")
        #expect(store.subscriptionReads == reads + 3)
        store.removeOptimistic("count")
        #expect(store.subscriptionReads == reads + 4)
        #expect(onA.snapshots.map(\.data) == [["a": Self.user("5", "Optimist")], ["a": Self.user("1", "Ada")]])
        #expect(onCount.snapshots.map(\.data) == [["count": 7], [:]])
        #expect(onCount.snapshots.map(\.isMissingData) == [false, true])
        #expect(onB.count == 0)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("a batch re-reads only the subscriptions to the root fields its publishes changed")
    func batch() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        try store.publish(["b": Self.user("2", "Grace")], to: Self.userField("b"))
        let onA = Recorder()
        let onB = Recorder()
        let subscriptions = [
            store.subscribe(to: Self.userField("a")) { onA.record($0) },
            store.subscribe(to: Self.userField("b")) { onB.record($0) },
        ]
        let reads = store.subscriptionReads
        try store.batch {
            try store.publish(["c": Self.user("3", "Hopper")], to: Self.userField("c"))
            try store.publish(["a": Self.user("4", "Lovelace")], to: Self.userField("a"))
        }
        #expect(store.subscriptionReads == reads + 1)
        #expect(onA.snapshots.map(\.data) == [["a": Self.user("4", "Lovelace")]])
        #expect(onB.count == 0)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("a cancelled subscription leaves the root field index; the others are still told")
    func cancelKeepsOthers() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada")], to: Self.userField("a"))
        let kept = Recorder()
        let first = store.subscribe(to: Self.userField("a")) { _ in Issue.record("cancelled subscription told") }
        let second = store.subscribe(to: Self.userField("a")) { kept.record($0) }
        first.cancel()
        let reads = store.subscriptionReads
        try store.publish(["a": Self.user("2", "Grace")], to: Self.userField("a"))
        #expect(store.subscriptionReads == reads + 1)
        #expect(kept.count == 1)
        second.cancel()
    }

    @Test("a subscription missing data is told when a link it follows changes, though its data reads the same")
    func missingDataBehindAnotherLink() throws {
        let schema = try Schema(sdl: "type Query { viewer: User } type User { id: ID! name: String bestFriend: User }")
        let document = try CompiledDocument(
            text: "query V { viewer { name bestFriend { name } } } query W { viewer { bestFriend { id } } }",
            schema: schema)
        let viewer = StoreRoot(operation: try document.operation(named: "V"))
        let relink = StoreRoot(operation: try document.operation(named: "W"))
        func link(_ id: String) -> JSONValue {
            ["viewer": ["__typename": "User", "id": "1", "bestFriend": ["__typename": "User", "id": .string(id)]]]
        }
        let store = makeStore()
        try store.publish(
            [
                "viewer": [
                    "__typename": "User", "id": "1", "name": "Ada",
                    "bestFriend": ["__typename": "User", "id": "2", "name": "Grace"],
                ]
            ], to: viewer)
        let recorder = Recorder()
        let subscription = store.subscribe(to: viewer) { recorder.record($0) }

        try store.publish(link("3"), to: relink)
        #expect(recorder.snapshots.map(\.isMissingData) == [true])
        // The app's document reads no id, so the data reads the same behind User:4 as behind User:3;
        // what it misses is now looked for in another record, and a heal may find it there.
        try store.publish(link("4"), to: relink)
        #expect(recorder.snapshots.count == 2)
        #expect(recorder.snapshots.last?.data == recorder.snapshots.first?.data)
        #expect(recorder.snapshots.last?.seenRecords.contains(DataID("User:4")) == true)
        try store.publish(link("4"), to: relink)
        #expect(recorder.snapshots.count == 2)
        subscription.cancel()
    }
}
