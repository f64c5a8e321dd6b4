import GraphQLCore
import StoreCore
import Testing

/// Pages of an offset list (`@connection` on a list paged by `offset`/`limit`) merged by position
/// into one list in the store, through publish and lookup with operations compiled from text.
@Suite("Offset-list pages merged in the store")
struct OffsetListMergeTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { latest(offset: Int, limit: Int, tag: String): [Post!]! notes(offset: Int, limit: Int): [Note!]! }
                    type Post { id: ID! title: String! }
                    type Note { text: String! }
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Latest($offset: Int, $limit: Int!, $tag: String) {
                      latest(offset: $offset, limit: $limit, tag: $tag) @connection(key: "Latest") { title }
                    }
                    query Notes($offset: Int, $limit: Int!) { notes(offset: $offset, limit: $limit) @connection(key: "Notes") { text } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func root(_ variables: JSONObject) throws -> StoreRoot { try root(named: "Latest", variables) }

    static func root(named name: String, _ variables: JSONObject) throws -> StoreRoot {
        StoreRoot(operation: try document.operation(named: name, variables: variables))
    }

    /// The posts `ids`, titled "Post <id>" (or `titled`).
    static func page(_ ids: [Int], titled: String = "Post") -> JSONValue {
        [
            "latest": .array(
                ids.map { ["__typename": "Post", "id": .string("p\($0)"), "title": .string("\(titled) \($0)")] })
        ]
    }

    static func titles(_ snapshot: Snapshot, _ key: String = "latest", _ field: String = "title") -> [String] {
        snapshot.data?[key]?.arrayValue?.compactMap { $0[field]?.stringValue } ?? []
    }

    @Test("a page at the list's length is appended; the first page's root reads the whole list")
    func nextPageAppends() throws {
        let store = makeStore()
        let first = try Self.root(["limit": 2])
        try store.publish(Self.page([1, 2]), to: first)
        try store.publish(Self.page([3, 4]), to: try Self.root(["limit": 2, "offset": 2]))
        try store.publish(Self.page([5]), to: try Self.root(["limit": 2, "offset": 4]))
        #expect(Self.titles(store.lookup(first)) == (1...5).map { "Post \($0)" })
    }

    @Test("offset 0 replaces the list; a page inside it takes its positions and keeps the rest")
    func replaceAndOverwrite() throws {
        let store = makeStore()
        let first = try Self.root(["limit": 2])
        try store.publish(Self.page([1, 2]), to: first)
        try store.publish(Self.page([3, 4]), to: try Self.root(["limit": 2, "offset": 2]))
        try store.publish(Self.page([9]), to: try Self.root(["limit": 1, "offset": 1]))
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Post 9", "Post 3", "Post 4"])
        try store.publish(Self.page([7, 8]), to: first)
        #expect(Self.titles(store.lookup(first)) == ["Post 7", "Post 8"])
    }

    @Test("an item shifted into the next page by an insert on the server is not repeated")
    func shiftedItemOnce() throws {
        let store = makeStore()
        let first = try Self.root(["limit": 2])
        try store.publish(Self.page([1, 2]), to: first)
        // A post was added at the start: the page at offset 2 now begins with post 2.
        try store.publish(Self.page([2, 3], titled: "Edited"), to: try Self.root(["limit": 2, "offset": 2]))
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Edited 2", "Edited 3"])
    }

    @Test("items without an ID are named by their position in the whole list, so pages do not overwrite each other")
    func positionalItems() throws {
        let store = makeStore()
        let first = try Self.root(named: "Notes", ["limit": 2])
        try store.publish(
            ["notes": [["__typename": "Note", "text": "a"], ["__typename": "Note", "text": "b"]]], to: first)
        try store.publish(
            ["notes": [["__typename": "Note", "text": "c"]]],
            to: try Self.root(named: "Notes", ["limit": 2, "offset": 2]))
        #expect(Self.titles(store.lookup(first), "notes", "text") == ["a", "b", "c"])
    }

    @Test("filters keep lists apart; a page past the list's end, or of a list not held, changes nothing")
    func badPages() throws {
        let store = makeStore()
        let first = try Self.root(["limit": 2])
        try store.publish(Self.page([1, 2]), to: first)
        let before = store.lookup(first)
        #expect {
            try store.publish(Self.page([5, 6]), to: try Self.root(["limit": 2, "offset": 4]))
        } throws: { ($0 as? StoreError)?.code == .invalidConnectionPage }
        #expect {
            try store.publish(Self.page([3, 4]), to: try Self.root(["limit": 2, "offset": 2, "tag": "swift"]))
        } throws: { ($0 as? StoreError)?.code == .invalidConnectionPage }
        #expect {
            try store.publish(Self.page([3]), to: try Self.root(["limit": 2, "offset": -1]))
        } throws: { ($0 as? StoreError)?.code == .invalidConnectionPage }
        #expect(store.lookup(first) == before)
        try store.publish(Self.page([8]), to: try Self.root(["limit": 2, "tag": "swift"]))
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Post 2"])
        #expect(Self.titles(store.lookup(try Self.root(["limit": 2, "tag": "swift"]))) == ["Post 8"])
    }
}
