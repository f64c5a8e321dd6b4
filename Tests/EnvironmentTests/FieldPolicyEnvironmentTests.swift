import Foundation
import SQLiteStore
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// A schema's `@fieldPolicy(forField:keyArgs:)` in the environment: a detail screen reads the record a
/// list wrote, with no request when it is complete, and its root is fetched, revalidated, collected
/// and relaunched like any other.
@Suite("Cache redirects from @fieldPolicy", .timeLimit(.minutes(3)))
struct FieldPolicyEnvironmentTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { book(isbn: String!): Book books: [Book!]! edition(isbn: String!): Book }
                    type Book { isbn: String! title: String! pages: Int }
                    extend type Book @typePolicy(keyFields: "isbn")
                    extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn")
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
                    query Detail($isbn: String!) { book(isbn: $isbn) { title } }
                    query Pages($isbn: String!) { book(isbn: $isbn) { title pages } }
                    query Edition($isbn: String!) { edition(isbn: $isbn) { title } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func book(_ isbn: String, _ title: String, pages: Int? = nil) -> JSONValue {
        var book: JSONObject = ["__typename": "Book", "isbn": .string(isbn), "title": .string(title)]
        if let pages { book["pages"] = .int(pages) }
        return .object(book)
    }

    static let list: JSONValue = ["books": [book("B1", "Emma"), book("B7", "Dune")]]

    @Test("list, then detail: the detail is loaded from the list's record with 0 requests of its own")
    func listThenDetail() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(schema: Self.schema, transport: transport, clock: ManualWallClock())
        transport.answer(.operationName("Books"), with: .data(Self.list))
        let list = environment.attach(try Self.document.operation(named: "Books"))
        _ = try await list.loaded()
        #expect(transport.requestCount == 1)

        let detail = environment.attach(
            try Self.document.operation(named: "Detail", variables: ["isbn": "B7"]), policy: .storeOrNetwork)
        #expect(detail.phase.snapshot?.data == ["book": ["title": "Dune"]])
        #expect(try await detail.loaded().data == ["book": ["title": "Dune"]])
        #expect(transport.requestCount == 1)
        detail.release()
        list.release()
    }

    @Test("a detail that needs one more field makes exactly 1 request; the next attach makes 0")
    func oneMoreField() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(schema: Self.schema, transport: transport, clock: ManualWallClock())
        transport.answer(.operationName("Books"), with: .data(Self.list))
        transport.answer(.operationName("Pages"), with: .data(["book": Self.book("B7", "Dune", pages: 412)]))
        let list = environment.attach(try Self.document.operation(named: "Books"))
        _ = try await list.loaded()

        let pages = try Self.document.operation(named: "Pages", variables: ["isbn": "B7"])
        let first = environment.attach(pages, policy: .storeOrNetwork)
        #expect(try await first.loaded().data == ["book": ["title": "Dune", "pages": 412]])
        #expect(transport.requestCount == 2)
        first.release()

        let again = environment.attach(
            try Self.document.operation(named: "Pages", variables: ["isbn": "B7"]), policy: .storeOrNetwork)
        #expect(try await again.loaded().data == ["book": ["title": "Dune", "pages": 412]])
        #expect(transport.requestCount == 2)
        again.release()
        list.release()
    }

    @Test("a redirected root goes stale with the record it reads and revalidate refetches it exactly once")
    func revalidation() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let environment = GraphQLEnvironment(
            schema: Self.schema, transport: transport, clock: clock,
            configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60))))
        transport.answer(.operationName("Books"), with: .data(Self.list))
        transport.answer(.operationName("Detail"), with: .data(["book": Self.book("B7", "Dune, revised")]))
        let list = environment.attach(try Self.document.operation(named: "Books"))
        _ = try await list.loaded()
        list.release()
        let detail = environment.attach(
            try Self.document.operation(named: "Detail", variables: ["isbn": "B7"]), policy: .storeOrNetwork)
        _ = try await detail.loaded()
        #expect(transport.requestCount == 1)

        await environment.revalidate().finished()
        #expect(transport.requestCount == 1, "fresh data is left alone")
        clock.advance(by: .seconds(61))
        let batch = environment.revalidate()
        #expect(batch.started == 1)
        await batch.finished()
        #expect(transport.requestCount == 2)
        #expect(detail.phase.snapshot?.data == ["book": ["title": "Dune, revised"]])
        await environment.revalidate().finished()
        #expect(transport.requestCount == 2)
        detail.release()
    }

    @Test(
        "a missing-field handler given to the environment reads a record with 0 requests, through attach and revalidate"
    )
    func handler() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let environment = GraphQLEnvironment(
            schema: Self.schema, transport: transport, clock: clock,
            configuration: EnvironmentConfiguration(
                defaultExpiration: .after(.seconds(60)),
                missingFieldHandler: { field in
                    guard field.name == "edition", case .string(let isbn)? = field.arguments["isbn"] else { return nil }
                    return .record(DataID("Book:" + isbn))
                }))
        transport.answer(.operationName("Books"), with: .data(Self.list))
        let list = environment.attach(try Self.document.operation(named: "Books"))
        _ = try await list.loaded()
        let edition = environment.attach(
            try Self.document.operation(named: "Edition", variables: ["isbn": "B1"]), policy: .storeOrNetwork)
        #expect(try await edition.loaded().data == ["edition": ["title": "Emma"]])
        await environment.revalidate().finished()
        #expect(transport.requestCount == 1)
        edition.release()
        list.release()
    }

    @Test("collection keeps the record a held redirected root reads, after the list that wrote it is released")
    func collection() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            schema: Self.schema, transport: transport, clock: ManualWallClock(),
            configuration: EnvironmentConfiguration(releaseBufferSize: 0))
        transport.answer(.operationName("Books"), with: .data(Self.list))
        let list = environment.attach(try Self.document.operation(named: "Books"))
        _ = try await list.loaded()
        let detail = environment.attach(
            try Self.document.operation(named: "Detail", variables: ["isbn": "B7"]), policy: .storeOnly)
        list.release()
        environment.collectGarbage()
        #expect(environment.store.record("Book:B7") != nil)
        #expect(environment.store.record("Book:B1") == nil)
        #expect(detail.phase.snapshot?.data == ["book": ["title": "Dune"]])
        #expect(transport.requestCount == 1)
        detail.release()
    }

    @Test("after a relaunch over SQLite the redirected detail is read from the file with 0 requests")
    func relaunch() async throws {
        let directory = NSTemporaryDirectory() + "/field-policy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualWallClock()
        func launch() throws -> (GraphQLEnvironment, ScriptedTransport) {
            let transport = ScriptedTransport()
            let source = try SQLiteRecordSource(path: directory + "/store.sqlite")
            let store = Store(
                source: source,
                configuration: StoreConfiguration(keyFields: Self.schema.keyFields, clock: { clock.now() }))
            return (
                GraphQLEnvironment(schema: Self.schema, store: store, transport: transport, clock: clock), transport
            )
        }
        do {
            let (environment, transport) = try launch()
            transport.answer(.operationName("Books"), with: .data(Self.list))
            let list = environment.attach(try Self.document.operation(named: "Books"))
            _ = try await list.loaded()
            #expect(transport.requestCount == 1)
            list.release()
        }
        let (environment, transport) = try launch()
        let detail = environment.attach(
            try Self.document.operation(named: "Detail", variables: ["isbn": "B7"]), policy: .storeOrNetwork)
        #expect(try await detail.loaded().data == ["book": ["title": "Dune"]])
        #expect(transport.requestCount == 0)
        detail.release()
    }
}
