import GraphQLCore
import StoreCore
import Testing

/// An updater (a store transaction) changing `@connection` lists after a mutation.
@Suite("Connection lists changed in an updater")
struct ConnectionUpdaterTests {
    typealias M = ConnectionMergeTests

    static func newPost(_ store: Store, id: Int) throws -> DataID {
        let root = StoreRoot(
            dataID: .mutationRoot,
            selectionSet: CompiledSelectionSet([
                .field(
                    CompiledField(
                        responseKey: "post", name: "post",
                        selectionSet: CompiledSelectionSet([
                            .field(CompiledField(responseKey: "__typename", name: "__typename")),
                            .field(CompiledField(responseKey: "id", name: "id")),
                            .field(CompiledField(responseKey: "title", name: "title")),
                        ])))
            ]))
        try store.publish(
            ["post": ["__typename": "Post", "id": .string("p\(id)"), "title": .string("Post \(id)")]], to: root)
        return DataID("Post:p\(id)")
    }

    @Test("an edge inserted at the start or the end of every list of a key, each list once")
    func insertEverywhere() throws {
        let store = makeStore()
        let news = try M.root("Forward", ["first": 2, "topic": "news"])
        let sport = try M.root("Forward", ["first": 2, "topic": "sport"])
        try store.publish(M.page([1, 2], hasNext: true), to: news)
        try store.publish(M.page([3], hasNext: false), to: sport)
        let post = try Self.newPost(store, id: 9)
        var changed = 0
        try store.update { transaction in
            changed = try transaction.insertEdge(node: post, at: .start, key: "Feed_feed")
            // Inserting it again changes nothing: each list holds a node once.
            changed += try transaction.insertEdge(node: post, at: .end, key: "Feed_feed")
        }
        #expect(changed == 2)
        #expect(M.titles(store.lookup(news)) == ["Post 9", "Post 1", "Post 2"])
        #expect(M.titles(store.lookup(sport)) == ["Post 9", "Post 3"])
        #expect(!store.lookup(news).isMissingData)
    }

    @Test("with filters, only that list changes; at the end, after every edge")
    func insertIntoOneList() throws {
        let store = makeStore()
        let news = try M.root("Forward", ["first": 2, "topic": "news"])
        let sport = try M.root("Forward", ["first": 2, "topic": "sport"])
        try store.publish(M.page([1, 2], hasNext: true), to: news)
        try store.publish(M.page([3], hasNext: false), to: sport)
        let post = try Self.newPost(store, id: 9)
        try store.update { transaction in
            let changed = try transaction.insertEdge(
                node: post, cursor: "c9", at: .end, key: "Feed_feed", filters: ["topic": "news"])
            #expect(changed == 1)
        }
        #expect(M.titles(store.lookup(news)) == ["Post 1", "Post 2", "Post 9"])
        #expect(M.titles(store.lookup(sport)) == ["Post 3"])
    }

    @Test("a removed node leaves every list of the key; a later page still follows the server's cursor")
    func removeNode() throws {
        let store = makeStore()
        let first = try M.root("Forward", ["first": 2])
        try store.publish(M.page([1, 2], hasNext: true), to: first)
        try store.update { transaction in
            let removed = try transaction.removeNode("Post:p1", key: "Feed_feed")
            let again = try transaction.removeNode("Post:p1", key: "Feed_feed")
            #expect(removed == 1 && again == 0)
        }
        #expect(M.titles(store.lookup(first)) == ["Post 2"])
        try store.publish(M.page([3, 4], hasNext: false), to: try M.root("Forward", ["first": 2, "after": "c2"]))
        #expect(M.titles(store.lookup(first)) == ["Post 2", "Post 3", "Post 4"])
    }

    @Test(
        "a key no list is stored under, or a parent that holds no such list, throws connectionNotFound and changes nothing"
    )
    func unknownKey() throws {
        let store = makeStore()
        try store.publish(M.page([1], hasNext: false), to: try M.root("Forward", ["first": 1]))
        let post = try Self.newPost(store, id: 9)
        for (key, parent) in [("Other", DataID.root), ("Feed_feed", DataID("Post:p1")), ("Feed_feed", "Nobody:1")] {
            let insert = #expect(throws: StoreError.self) {
                try store.update { transaction in
                    try transaction.insertEdge(node: post, at: .start, key: key, parent: parent)
                }
            }
            #expect(insert?.code == .connectionNotFound)
            let remove = #expect(throws: StoreError.self) {
                try store.update { transaction in try transaction.removeNode("Post:p1", key: key, parent: parent) }
            }
            #expect(remove?.code == .connectionNotFound)
        }
        #expect(M.titles(store.lookup(try M.root("Forward", ["first": 1]))) == ["Post 1"])
    }
}
