import GraphQLCore
import StoreCore
import Testing

@Suite("Notify")
struct NotifyTests {
    static let users = query([
        object("a", [typename, leaf("id"), leaf("name")]),
        object("b", [typename, leaf("id"), leaf("name")]),
    ])

    static func user(_ id: String, _ name: String) -> JSONValue {
        ["__typename": "User", "id": .string(id), "name": .string(name)]
    }

    static func fragment(_ id: DataID) -> StoreRoot { StoreRoot(dataID: id, selectionSet: .init([leaf("name")])) }

    static let userQuery = query([object("user", [typename, leaf("id"), leaf("name")])])

    @Test("a publish tells only the subscriptions that read a changed record")
    func onlyAffected() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace")], to: Self.users)
        let first = Recorder()
        let second = Recorder()
        let subscriptions = [
            store.subscribe(to: Self.fragment("User:1")) { first.record($0) },
            store.subscribe(to: Self.fragment("User:2")) { second.record($0) },
        ]
        try store.publish(["user": Self.user("1", "Ada L.")], to: Self.userQuery)
        #expect(first.snapshots.map(\.data) == [["name": "Ada L."]])
        #expect(second.count == 0)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("a publish of equal values tells no one")
    func equalValues() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace")], to: Self.users)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.users) { recorder.record($0) }
        try store.publish(["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace")], to: Self.users)
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test("a changed record whose selected data stays equal tells no one")
    func unselectedChange() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace")], to: Self.users)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.fragment("User:1")) { recorder.record($0) }
        try store.publish(["email": "ada@x"], to: StoreRoot(dataID: "User:1", selectionSet: .init([leaf("email")])))
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test("a batch of publishes tells each affected subscription once")
    func batch() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace")], to: Self.users)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.users) { recorder.record($0) }
        try store.batch {
            try store.publish(["user": Self.user("1", "A")], to: Self.userQuery)
            try store.publish(["user": Self.user("2", "G")], to: Self.userQuery)
            #expect(recorder.count == 0)
        }
        #expect(recorder.count == 1)
        #expect(recorder.snapshots.last?.data == ["a": Self.user("1", "A"), "b": Self.user("2", "G")])
        subscription.cancel()
    }

    @Test("a cancelled or released subscription is told nothing more")
    func cancelled() throws {
        let store = makeStore()
        try store.publish(["a": Self.user("1", "Ada"), "b": Self.user("2", "Grace")], to: Self.users)
        let cancelledRecorder = Recorder()
        let releasedRecorder = Recorder()
        let cancelled = store.subscribe(to: Self.fragment("User:1")) { cancelledRecorder.record($0) }
        do {
            _ = store.subscribe(to: Self.fragment("User:1")) { releasedRecorder.record($0) }
        }
        cancelled.cancel()
        try store.publish(["user": Self.user("1", "B")], to: Self.userQuery)
        #expect(cancelledRecorder.count == 0)
        #expect(releasedRecorder.count == 0)
        #expect(store.subscriptionCount == 0)
        #expect(cancelled.snapshot == nil)
    }

    @Test("a subscription follows a changed link: the new record notifies, the old one no longer does")
    func followsLinks() throws {
        let store = makeStore()
        let root = query([object("best", [typename, leaf("id"), leaf("name")])])
        try store.publish(["best": Self.user("1", "Ada")], to: root)
        try store.publish(["user": Self.user("2", "Grace")], to: Self.userQuery)
        let recorder = Recorder()
        let subscription = store.subscribe(to: root) { recorder.record($0) }
        try store.publish(["best": Self.user("2", "Grace")], to: root)
        #expect(recorder.count == 1)
        #expect(subscription.snapshot?.seenRecords == [.root, "User:2"])
        try store.publish(["user": Self.user("1", "Old")], to: Self.userQuery)
        #expect(recorder.count == 1)
        try store.publish(["user": Self.user("2", "New")], to: Self.userQuery)
        #expect(recorder.count == 2)
        #expect(recorder.snapshots.last?.data == ["best": Self.user("2", "New")])
    }

    @Test("a subscription that was missing data is told when the data arrives")
    func missingThenWritten() throws {
        let store = makeStore()
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.userQuery) { recorder.record($0) }
        #expect(subscription.snapshot?.isMissingData == true)
        try store.publish(["user": Self.user("1", "Ada")], to: Self.userQuery)
        #expect(recorder.snapshots.map(\.isMissingData) == [false])
    }

    @Test("a callback that publishes is not re-entered and sees the latest data after it returns")
    func reentrantPublish() throws {
        let store = makeStore()
        try store.publish(["user": Self.user("1", "Ada")], to: Self.userQuery)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.fragment("User:1")) { snapshot in
            recorder.record(snapshot)
            if snapshot.data == ["name": "first"] {
                _ = try? store.publish(["user": Self.user("1", "second")], to: Self.userQuery)
                #expect(recorder.count == 1)
            }
        }
        try store.publish(["user": Self.user("1", "first")], to: Self.userQuery)
        #expect(recorder.snapshots.map(\.data) == [["name": "first"], ["name": "second"]])
        subscription.cancel()
    }

    @Test("publishes from many tasks leave every subscriber with the store's final data")
    func concurrentPublishes() async throws {
        let store = makeStore()
        try store.publish(["user": Self.user("1", "start")], to: Self.userQuery)
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.fragment("User:1")) { recorder.record($0) }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { _ = try? store.publish(["user": Self.user("1", "v\(index)")], to: Self.userQuery) }
            }
        }
        let final = store.lookup(Self.fragment("User:1"))
        #expect(recorder.snapshots.last == final)
        #expect(recorder.count >= 1)
        subscription.cancel()
    }
}

@Suite("Notify-lifetimes")
struct SubscriptionLifetimeTests {
    @Test("releasing a subscription whose callback holds the last token of another releases both")
    func releaseChain() {
        let store = makeStore()
        let root = query([leaf("a")])
        var outer: StoreSubscription?
        do {
            let inner = store.subscribe(to: root) { _ in }
            outer = store.subscribe(to: root) { [inner] _ in _ = inner }
        }
        #expect(store.subscriptionCount == 2)
        outer = nil
        #expect(store.subscriptionCount == 0)
        #expect(outer == nil)
    }
}
