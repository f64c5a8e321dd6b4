import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// A schema's `@typePolicy(keyFields:)` identifies records in the environment's store: two queries
/// that read one book by its ISBN share one record, with no `id` anywhere.
@Suite("Cache identity from @typePolicy", .timeLimit(.minutes(3)))
struct TypePolicyEnvironmentTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { book(isbn: String!): Book books: [Book!]! }
                    type Book { isbn: String title: String! edition: Edition }
                    type Edition { isbn: String! number: Int! year: Int! }
                    extend type Book @typePolicy(keyFields: "isbn")
                    extend type Edition @typePolicy(keyFields: "isbn number")
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Books { books { title } }
                    query Detail($isbn: String!) { book(isbn: $isbn) { title edition { year } } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func book(_ isbn: String, _ title: String, edition: JSONValue? = nil) -> JSONValue {
        var book: JSONObject = ["__typename": "Book", "isbn": .string(isbn), "title": .string(title)]
        if let edition { book["edition"] = edition }
        return .object(book)
    }

    @Test(
        "two queries that read one book by its key field share its record: the list's answer updates the detail handle with no request"
    )
    func oneRecordForTwoQueries() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(schema: Self.schema, transport: transport, clock: ManualWallClock())
        let detail = try Self.document.operation(named: "Detail", variables: ["isbn": "B7"])
        let books = try Self.document.operation(named: "Books")
        let edition: JSONValue = ["__typename": "Edition", "isbn": "B7", "number": 2, "year": 2001]
        transport.answer(.operationName("Detail"), with: .data(["book": Self.book("B7", "Dune", edition: edition)]))
        transport.answer(
            .operationName("Books"),
            with: .data(["books": [Self.book("B1", "Emma"), Self.book("B7", "Dune, revised")]]))

        let handle = environment.attach(detail)
        _ = try await handle.loaded()
        #expect(environment.store.record("Book:B7")?["title"] == .scalar("Dune"))
        #expect(environment.store.record("Edition:B7+2")?["year"] == .scalar(2001))

        let list = environment.attach(books)
        _ = try await list.loaded()
        _ = await handle.phase { $0.snapshot?.data?["book"]?["title"] == "Dune, revised" }
        #expect(environment.store.record("Book:B1") != nil)
        #expect(transport.requestCount == 2)
        #expect(!transport.requests[0].text.contains(" id"))
        handle.release()
        list.release()
    }

    @Test("a store's key functions win over the schema's key fields for the types they name")
    func keyFunctionsWin() throws {
        let configuration = StoreConfiguration(
            keyFunctions: ["Book": { object in object["title"]?.stringValue.map { DataID("Title:" + $0) } }],
            keyFields: Self.schema.keyFields)
        let store = Store(configuration: configuration)
        let detail = try Self.document.operation(named: "Detail", variables: ["isbn": "B7"])
        try store.publish(["book": Self.book("B7", "Dune", edition: .null)], to: StoreRoot(operation: detail))
        #expect(store.record("Title:Dune") != nil)
        #expect(store.record("Book:B7") == nil)
    }

    @Test("an object whose key field is null or absent is kept under a path ID, as one without an id")
    func missingKeyField() throws {
        let store = Store(configuration: StoreConfiguration(keyFields: Self.schema.keyFields))
        let books = try Self.document.operation(named: "Books")
        try store.publish(
            ["books": [["__typename": "Book", "isbn": nil, "title": "Untitled"], Self.book("B1", "Emma")]],
            to: StoreRoot(operation: books))
        #expect(store.record("Book:B1") != nil)
        #expect(store.lookup(StoreRoot(operation: books)).data?["books"]?.arrayValue?.first?["title"] == "Untitled")
    }
}
