import GraphQLCore
import StoreCore
import Testing

/// Pages of a `@connection` field merged into one list in the store, through the public API
/// (publish and lookup) with operations compiled from text.
@Suite("Connection pages merged in the store")
struct ConnectionMergeTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { feed(first: Int, after: String, last: Int, before: String, topic: String): PostConnection! }
                    type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
                    type PostEdge { cursor: String! node: Post! }
                    type Post { id: ID! title: String! }
                    type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Forward($first: Int!, $after: String, $topic: String) {
                      feed(first: $first, after: $after, topic: $topic) @connection(key: "Feed_feed") {
                        edges { cursor node { title } }
                        pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
                      }
                    }
                    query Backward($last: Int!, $before: String) {
                      feed(last: $last, before: $before) @connection(key: "Feed_feed") {
                        edges { cursor node { title } }
                        pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
                      }
                    }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func root(_ name: String, _ variables: JSONObject) throws -> StoreRoot {
        StoreRoot(operation: try document.operation(named: name, variables: variables))
    }

    /// A page of the posts `ids`, with the cursors `c<id>`.
    static func page(_ ids: [Int], hasNext: Bool, hasPrevious: Bool = false) -> JSONValue {
        let edges: [JSONValue] = ids.map { id in
            [
                "__typename": "PostEdge", "cursor": .string("c\(id)"),
                "node": ["__typename": "Post", "id": .string("p\(id)"), "title": .string("Post \(id)")],
            ]
        }
        return [
            "feed": [
                "__typename": "PostConnection", "edges": .array(edges),
                "pageInfo": [
                    "__typename": "PageInfo", "hasNextPage": .bool(hasNext),
                    "endCursor": ids.last.map { .string("c\($0)") } ?? .null, "hasPreviousPage": .bool(hasPrevious),
                    "startCursor": ids.first.map { .string("c\($0)") } ?? .null,
                ],
            ]
        ]
    }

    static func titles(_ snapshot: Snapshot) -> [String] {
        snapshot.data?["feed"]?["edges"]?.arrayValue?.compactMap { $0["node"]?["title"]?.stringValue } ?? []
    }

    static func pageInfo(_ snapshot: Snapshot) -> JSONValue? { snapshot.data?["feed"]?["pageInfo"] }

    @Test("a next page is appended, whatever the count asked; the first page's root reads the whole list")
    func nextPageAppends() throws {
        let store = makeStore()
        let first = try Self.root("Forward", ["first": 2])
        try store.publish(Self.page([1, 2], hasNext: true), to: first)
        try store.publish(Self.page([3, 4], hasNext: true), to: try Self.root("Forward", ["first": 2, "after": "c2"]))
        let snapshot = store.lookup(first)
        #expect(Self.titles(snapshot) == ["Post 1", "Post 2", "Post 3", "Post 4"])
        #expect(!snapshot.isMissingData)
        #expect(
            Self.pageInfo(snapshot)
                == ["hasNextPage": true, "endCursor": "c4", "hasPreviousPage": false, "startCursor": "c1"])
    }

    @Test("a previous page is prepended and moves only the start of the pageInfo")
    func previousPagePrepends() throws {
        let store = makeStore()
        let last = try Self.root("Backward", ["last": 2])
        try store.publish(Self.page([3, 4], hasNext: false, hasPrevious: true), to: last)
        try store.publish(
            Self.page([1, 2], hasNext: true, hasPrevious: false),
            to: try Self.root("Backward", ["last": 2, "before": "c3"]))
        let snapshot = store.lookup(last)
        #expect(Self.titles(snapshot) == ["Post 1", "Post 2", "Post 3", "Post 4"])
        #expect(
            Self.pageInfo(snapshot)
                == ["hasNextPage": false, "endCursor": "c4", "hasPreviousPage": false, "startCursor": "c1"])
    }

    @Test("a page from the start replaces the merged list: a refetch of the first page shows that page")
    func firstPageReplaces() throws {
        let store = makeStore()
        let first = try Self.root("Forward", ["first": 2])
        try store.publish(Self.page([1, 2], hasNext: true), to: first)
        try store.publish(Self.page([3, 4], hasNext: true), to: try Self.root("Forward", ["first": 2, "after": "c2"]))
        try store.publish(Self.page([1, 2, 3, 4, 5], hasNext: false), to: try Self.root("Forward", ["first": 5]))
        let snapshot = store.lookup(first)
        #expect(Self.titles(snapshot) == ["Post 1", "Post 2", "Post 3", "Post 4", "Post 5"])
        #expect(Self.pageInfo(snapshot)?["hasNextPage"] == false)
    }

    @Test("an edge whose node the list already holds is not repeated, and the node's fields update")
    func repeatedNodeOnce() throws {
        let store = makeStore()
        let first = try Self.root("Forward", ["first": 2])
        try store.publish(Self.page([1, 2], hasNext: true), to: first)
        var next = Self.page([2, 3], hasNext: false)
        next = try Self.renamed(next, edge: 0, to: "Post 2, renamed")
        try store.publish(next, to: try Self.root("Forward", ["first": 2, "after": "c2"]))
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Post 2, renamed", "Post 3"])
    }

    @Test("filters keep lists apart: another topic is another list")
    func filtersSeparateLists() throws {
        let store = makeStore()
        let news = try Self.root("Forward", ["first": 2, "topic": "news"])
        let sport = try Self.root("Forward", ["first": 2, "topic": "sport"])
        try store.publish(Self.page([1, 2], hasNext: true), to: news)
        try store.publish(Self.page([7], hasNext: false), to: sport)
        #expect(Self.titles(store.lookup(news)) == ["Post 1", "Post 2"])
        #expect(Self.titles(store.lookup(sport)) == ["Post 7"])
    }

    @Test(
        "a page that cannot be merged is a typed error and the list stays as it was",
        arguments: BadPage.allCases)
    func badPage(_ bad: BadPage) throws {
        let store = makeStore()
        let first = try Self.root("Forward", ["first": 2])
        try store.publish(Self.page([1, 2], hasNext: true), to: first)
        let before = store.lookup(first)
        let (data, variables) = try bad.page()
        #expect {
            try store.publish(data, to: try Self.root("Forward", variables))
        } throws: { error in
            (error as? StoreError)?.code == .invalidConnectionPage
        }
        #expect(store.lookup(first) == before)
    }

    @Test("through a record source the store does not know, pages merge alike and a bad page changes nothing")
    func otherSource() throws {
        // The in-memory source lends its list to the merge; any other source's list is copied.
        let store = Store(source: RecordingSource())
        let first = try Self.root("Forward", ["first": 2])
        try store.publish(Self.page([1, 2], hasNext: true), to: first)
        try store.publish(Self.page([3, 4], hasNext: true), to: try Self.root("Forward", ["first": 2, "after": "c2"]))
        let before = store.lookup(first)
        #expect(Self.titles(before) == ["Post 1", "Post 2", "Post 3", "Post 4"])
        for bad in BadPage.allCases {
            let (data, variables) = try bad.page()
            #expect(throws: StoreError.self) { try store.publish(data, to: try Self.root("Forward", variables)) }
        }
        #expect(store.lookup(first) == before)
    }

    @Test("an optimistic layer over the list keeps what it shows while pages are appended under it, and goes")
    func optimisticLayerOverAppends() throws {
        let store = makeStore()
        let first = try Self.root("Forward", ["first": 2])
        try store.publish(Self.page([1, 2], hasNext: true), to: first)
        // The layer reads the list held and shares its buffer: the append under it must copy.
        try store.applyOptimistic(
            "guess", Self.page([3], hasNext: true), to: try Self.root("Forward", ["first": 1, "after": "c2"]))
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Post 2", "Post 3"])
        try store.publish(Self.page([3, 4], hasNext: true), to: try Self.root("Forward", ["first": 2, "after": "c2"]))
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Post 2", "Post 3"], "the layer still shows its list")
        store.removeOptimistic("guess")
        #expect(Self.titles(store.lookup(first)) == ["Post 1", "Post 2", "Post 3", "Post 4"])
        try store.publish(Self.page([5], hasNext: false), to: try Self.root("Forward", ["first": 1, "after": "c4"]))
        #expect(Self.titles(store.lookup(first)) == (1...5).map { "Post \($0)" })
    }

    enum BadPage: String, CaseIterable, CustomTestStringConvertible {
        case contradictoryPageInfo, duplicateCursors, afterACursorThatIsNotTheEnd, afterCursorOfAnotherList
        var testDescription: String { rawValue }

        func page() throws -> (JSONValue, JSONObject) {
            switch self {
            case .contradictoryPageInfo:
                var page = ConnectionMergeTests.page([3], hasNext: true)
                page = try ConnectionMergeTests.replacing(page, pageInfoKey: "endCursor", with: .null)
                return (page, ["first": 2, "after": "c2"])
            case .duplicateCursors:
                var page = ConnectionMergeTests.page([3, 4], hasNext: true)
                page = try ConnectionMergeTests.replacing(page, edge: 1, cursor: "c3")
                return (page, ["first": 2, "after": "c2"])
            case .afterACursorThatIsNotTheEnd:
                return (ConnectionMergeTests.page([3, 4], hasNext: true), ["first": 2, "after": "c1"])
            case .afterCursorOfAnotherList:
                return (
                    ConnectionMergeTests.page([3, 4], hasNext: true), ["first": 2, "after": "c2", "topic": "none"]
                )
            }
        }
    }

    // MARK: Editing pages

    static func edges(_ page: JSONValue) throws -> [JSONValue] {
        try #require(page["feed"]?["edges"]?.arrayValue)
    }

    static func with(_ page: JSONValue, feed change: (inout JSONObject) throws -> Void) throws -> JSONValue {
        guard case .object(var root) = page, case .object(var feed)? = root["feed"] else { throw Unexpected() }
        try change(&feed)
        root["feed"] = .object(feed)
        return .object(root)
    }

    static func renamed(_ page: JSONValue, edge index: Int, to title: String) throws -> JSONValue {
        var edges = try Self.edges(page)
        guard case .object(var edge) = edges[index], case .object(var node)? = edge["node"] else { throw Unexpected() }
        node["title"] = .string(title)
        edge["node"] = .object(node)
        edges[index] = .object(edge)
        return try with(page) { $0["edges"] = .array(edges) }
    }

    static func replacing(_ page: JSONValue, edge index: Int, cursor: String) throws -> JSONValue {
        var edges = try Self.edges(page)
        guard case .object(var edge) = edges[index] else { throw Unexpected() }
        edge["cursor"] = .string(cursor)
        edges[index] = .object(edge)
        return try with(page) { $0["edges"] = .array(edges) }
    }

    static func replacing(_ page: JSONValue, pageInfoKey key: String, with value: JSONValue) throws -> JSONValue {
        try with(page) { feed in
            guard case .object(var info)? = feed["pageInfo"] else { throw Unexpected() }
            info[key] = value
            feed["pageInfo"] = .object(info)
        }
    }

    struct Unexpected: Error {}
}
