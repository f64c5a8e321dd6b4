import GraphQLCore
import Primitives
import StoreCore
import Testing

/// A `@fieldPolicy` redirect and a missing-field handler: a field its record lacks is read from the
/// record its arguments name, by the reader, the data checker, subscriptions and collection alike.
@Suite("Reader-Redirects")
struct RedirectTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query {
                      books: [Book!]!
                      book(isbn: String!): Book
                      shelf(isbns: [String!]!): [Book]!
                      node(gid: ID!): Node
                      count: Int
                      me: User
                    }
                    type Book { isbn: String! title: String! pages: Int }
                    interface Node { gid: ID! }
                    type User implements Node { gid: ID! name: String }
                    extend type Book @typePolicy(keyFields: "isbn")
                    extend interface Node @typePolicy(keyFields: "gid")
                    extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn")
                        @fieldPolicy(forField: "shelf", keyArgs: "isbns")
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query List { books { title } }
                    query Detail($isbn: String!) { book(isbn: $isbn) { title } }
                    query Pages { book(isbn: "B7") { title pages } }
                    query Shelf($isbns: [String!]!) { shelf(isbns: $isbns) { title } }
                    query Node($gid: ID!) { node(gid: $gid) { ... on User { name } } }
                    query Count { count }
                    query Me { me { name } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func root(_ name: String, _ variables: JSONObject = [:]) throws -> StoreRoot {
        StoreRoot(operation: try document.operation(named: name, variables: variables))
    }

    static func makeStore(handler: StoreConfiguration.MissingFieldHandler? = nil) -> Store {
        Store(configuration: StoreConfiguration(keyFields: schema.keyFields, missingFieldHandler: handler))
    }

    static let list: JSONValue = [
        "books": [
            ["__typename": "Book", "isbn": "B1", "title": "Emma"],
            ["__typename": "Book", "isbn": "B7", "title": "Dune"],
        ]
    ]

    @Test("a detail the list wrote is read from the book's record, complete, with no answer of its own")
    func listThenDetail() throws {
        let store = Self.makeStore()
        try store.publish(Self.list, to: try Self.root("List"))
        let detail = try Self.root("Detail", ["isbn": "B7"])
        let snapshot = store.lookup(detail)
        #expect(snapshot.data == ["book": ["title": "Dune"]])
        #expect(!snapshot.isMissingData)
        #expect(snapshot.seenRecords.contains("Book:B7"))
        #expect(!store.check(detail).isMissingData)
        #expect(store.check(detail).oldestWriteTime != nil)
    }

    @Test("a redirect to a record that lacks a selected field, or to no record, is missing data")
    func missing() throws {
        let store = Self.makeStore()
        try store.publish(Self.list, to: try Self.root("List"))
        #expect(store.lookup(try Self.root("Pages")).isMissingData)
        #expect(store.check(try Self.root("Pages")).isMissingData)
        #expect(store.check(try Self.root("Detail", ["isbn": "B9"])).isMissingData)
        #expect(store.lookup(try Self.root("Detail", ["isbn": "B9"])).isMissingData)
    }

    @Test("once an answer wrote the field, its link wins over the redirect")
    func storedLinkWins() throws {
        let store = Self.makeStore()
        try store.publish(Self.list, to: try Self.root("List"))
        let detail = try Self.root("Detail", ["isbn": "B7"])
        try store.publish(["book": ["__typename": "Book", "isbn": "B1", "title": "Emma"]], to: detail)
        #expect(store.lookup(detail).data == ["book": ["title": "Emma"]])
    }

    @Test("a list argument names one record per item, in the argument's order")
    func listArgument() throws {
        let store = Self.makeStore()
        try store.publish(Self.list, to: try Self.root("List"))
        let shelf = try Self.root("Shelf", ["isbns": ["B7", "B1"]])
        #expect(store.lookup(shelf).data == ["shelf": [["title": "Dune"], ["title": "Emma"]]])
        #expect(!store.check(shelf).isMissingData)
        #expect(store.check(try Self.root("Shelf", ["isbns": ["B7", "B2"]])).isMissingData)
    }

    @Test("a subscription on a redirected root is told when the record it reads changes")
    func subscription() throws {
        let store = Self.makeStore()
        try store.publish(Self.list, to: try Self.root("List"))
        let recorder = Recorder()
        let subscription = store.subscribe(to: try Self.root("Detail", ["isbn": "B7"])) { recorder.record($0) }
        try store.publish(
            ["books": [["__typename": "Book", "isbn": "B7", "title": "Dune, revised"]]], to: try Self.root("List"))
        #expect(recorder.count == 1)
        #expect(recorder.snapshots.last?.data == ["book": ["title": "Dune, revised"]])
        subscription.cancel()
    }

    @Test("collection keeps the record a retained redirected root reads, and only while it is retained")
    func collection() throws {
        let store = Self.makeStore()
        try store.publish(Self.list, to: try Self.root("List"))
        let detail = try Self.root("Detail", ["isbn": "B7"])
        #expect(store.collectGarbage(retaining: [detail]).removedRecords == 1)
        #expect(store.record("Book:B7") != nil)
        #expect(store.record("Book:B1") == nil)
        store.collectGarbage(retaining: [])
        #expect(store.record("Book:B7") == nil)
    }

    @Test("a missing-field handler answers what no directive can: node(gid:) from a global ID")
    func handler() throws {
        let store = Self.makeStore { field in
            switch (field.name, field.arguments["gid"]) {
            case ("node", .string(let gid)?): return .record(DataID("User:" + gid))
            case ("count", _): return .scalar(42)
            default: return nil
            }
        }
        try store.publish(["me": ["__typename": "User", "gid": "u1", "name": "Ada"]], to: try Self.root("Me"))
        let node = try Self.root("Node", ["gid": "u1"])
        #expect(store.lookup(node).data == ["node": ["name": "Ada"]])
        #expect(!store.check(node).isMissingData)
        let unknown = try Self.root("Node", ["gid": "u2"])
        #expect(store.check(unknown).isMissingData)
        #expect(store.lookup(try Self.root("Count")).data == ["count": 42])
    }

    @Test("a handler's answer that does not fit the field (a record for a leaf) is missing data")
    func handlerMismatch() throws {
        let store = Self.makeStore { _ in .record("User:u1") }
        #expect(store.check(try Self.root("Count")).isMissingData)
    }
}
