import GraphQLCore
import StoreCore
import Testing

@Suite("Optimistic")
struct OptimisticTests {
    static let fragment = StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("likes"), leaf("title")]))
    static let post = query([object("post", [typename, leaf("id"), leaf("likes"), leaf("title")])])

    static func seeded() throws -> Store {
        let store = makeStore()
        try store.publish(["post": ["__typename": "Post", "id": "1", "likes": 1, "title": "T"]], to: post)
        return store
    }

    @Test("an optimistic write is visible at once, told to subscribers, and removed exactly")
    func applyAndRemove() throws {
        let store = try Self.seeded()
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.fragment) { recorder.record($0) }
        try store.applyOptimistic(
            "like", ["likes": 2], to: StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("likes")])))
        #expect(store.lookup(Self.fragment).data == ["likes": 2, "title": "T"])
        store.removeOptimistic("like")
        #expect(store.lookup(Self.fragment).data == ["likes": 1, "title": "T"])
        #expect(recorder.snapshots.map(\.data) == [["likes": 2, "title": "T"], ["likes": 1, "title": "T"]])
        subscription.cancel()
    }

    @Test("overlapping optimistic layers roll back exactly in any order")
    func overlapping() throws {
        let store = try Self.seeded()
        let likes = StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("likes")]))
        let title = StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("title")]))
        try store.applyOptimistic("one", ["likes": 2], to: likes)
        try store.applyOptimistic("two", ["title": "U"], to: title)
        try store.applyOptimistic("three", ["likes": 3], to: likes)
        #expect(store.lookup(Self.fragment).data == ["likes": 3, "title": "U"])
        store.removeOptimistic("three")
        #expect(store.lookup(Self.fragment).data == ["likes": 2, "title": "U"])
        store.removeOptimistic("one")
        #expect(store.lookup(Self.fragment).data == ["likes": 1, "title": "U"])
        store.removeOptimistic("two")
        #expect(store.lookup(Self.fragment).data == ["likes": 1, "title": "T"])
    }

    @Test("a server write under an optimistic layer shows once the layer is removed")
    func serverWriteUnderLayer() throws {
        let store = try Self.seeded()
        let likes = StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("likes")]))
        try store.applyOptimistic("like", ["likes": 2], to: likes)
        try store.publish(["post": ["__typename": "Post", "id": "1", "likes": 5, "title": "T2"]], to: Self.post)
        #expect(store.lookup(Self.fragment).data == ["likes": 2, "title": "T2"])
        store.removeOptimistic("like")
        #expect(store.lookup(Self.fragment).data == ["likes": 5, "title": "T2"])
    }

    @Test("a bad optimistic response is rejected and leaves no layer")
    func badOptimistic() throws {
        let store = try Self.seeded()
        let likes = StoreRoot(dataID: "Post:1", selectionSet: .init([leaf("likes")]))
        #expect(throws: StoreError.self) { try store.applyOptimistic("like", ["title": "x"], to: likes) }
        #expect(store.lookup(Self.fragment).data == ["likes": 1, "title": "T"])
    }
}
