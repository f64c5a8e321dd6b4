import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// Evicting from the environment's store: a handle that read what went heals with exactly one request,
/// or fails with `MissingDataError` under `storeOnly`; a log-out clears the store in one call.
@Suite("Eviction in the environment", .timeLimit(.minutes(3)))
struct EvictionEnvironmentTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { book(isbn: String!): Book books: [Book!]! }
                    type Book { isbn: String! title: String! pages: Int }
                    extend type Book @typePolicy(keyFields: "isbn")
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: "query Detail($isbn: String!) { book(isbn: $isbn) { title pages } }", schema: schema)
        } catch {
            fatalError("the test operation does not compile: \(error)")
        }
    }()

    static let data: JSONValue = ["book": ["__typename": "Book", "isbn": "B7", "title": "Dune", "pages": 412]]

    static func loaded() async throws -> (GraphQLEnvironment, ScriptedTransport, Handle) {
        let transport = ScriptedTransport()
        transport.answer(.operationName("Detail"), with: .data(Self.data))
        let environment = GraphQLEnvironment(schema: Self.schema, transport: transport, clock: ManualWallClock())
        let handle = environment.attach(
            try Self.document.operation(named: "Detail", variables: ["isbn": "B7"]), policy: .storeOrNetwork)
        _ = try await handle.loaded()
        #expect(transport.requestCount == 1)
        return (environment, transport, handle)
    }

    /// Waits for the heal the eviction started: a revalidation joins it (and starts nothing), and
    /// finishes when it lands.
    static func healFinishes(_ environment: GraphQLEnvironment) async throws {
        let batch = environment.revalidate()
        #expect(batch.started == 0)
        #expect(batch.joined == 1)
        await batch.finished()
    }

    @Test("evicting a record the screen reads heals it with exactly 1 request")
    func record() async throws {
        let (environment, transport, handle) = try await Self.loaded()
        #expect(try environment.store.evict(["Book:B7"]) == 1)
        try await Self.healFinishes(environment)
        #expect(try await handle.loaded().data?["book"]?["title"] == "Dune")
        #expect(transport.requestCount == 2)
        handle.release()
    }

    @Test("evicting a field of a record, or every record of a type, heals with exactly 1 request each")
    func fieldAndType() async throws {
        let (environment, transport, handle) = try await Self.loaded()
        #expect(try environment.store.evict(field: "pages", of: "Book:B7") == 1)
        try await Self.healFinishes(environment)
        #expect(transport.requestCount == 2)
        #expect(try environment.store.evict(type: "Book") == 1)
        try await Self.healFinishes(environment)
        #expect(transport.requestCount == 3)
        #expect(try await handle.loaded().data?["book"]?["pages"] == 412)
        #expect(environment.store.record("Book:B7")?["pages"] == .scalar(412))
        handle.release()
    }

    @Test("under storeOnly an eviction fails the handle with MissingDataError and sends nothing")
    func storeOnly() async throws {
        let (environment, transport, first) = try await Self.loaded()
        let handle = environment.attach(
            try Self.document.operation(named: "Detail", variables: ["isbn": "B7"]), policy: .storeOnly)
        first.release()
        try environment.store.evict(["Book:B7"])
        #expect(await handle.failure() is MissingDataError)
        #expect(transport.requestCount == 1)
        handle.release()
    }

    @Test("a log-out clears the store in one call; a screen still attached fetches again, once")
    func logOut() async throws {
        let (environment, transport, handle) = try await Self.loaded()
        #expect(try environment.store.removeAll() == 2)
        try await Self.healFinishes(environment)
        #expect(transport.requestCount == 2)
        #expect(environment.store.recordCount == 2)
        handle.release()
    }
}
