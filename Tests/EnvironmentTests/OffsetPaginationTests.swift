import EventLogTesting
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// A paged handle over an offset list (`@connection` on a list paged by `offset`/`limit`), over a
/// scripted transport: pages at the list's length, the end found by a short page, one request to
/// revalidate every item shown, and what an offset list cannot do.
@Suite("Pagination of an offset list")
struct OffsetPaginationTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { latest(offset: Int, limit: Int): [Post!]! }
                    type Post { id: ID! title: String! }
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Latest($offset: Int, $limit: Int!) {
                      latest(offset: $offset, limit: $limit) @connection(key: "Latest") { title }
                    }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operation does not compile: \(error)")
        }
    }()

    static func page(_ ids: ClosedRange<Int>, titled: String = "Post") -> JSONValue {
        [
            "latest": .array(
                ids.map { ["__typename": "Post", "id": .string("p\($0)"), "title": .string("\(titled) \($0)")] })
        ]
    }

    static func titles(_ paged: PagedHandle) -> [String] {
        paged.handle.phase.snapshot?.data?["latest"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    struct Setup {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let environment: GraphQLEnvironment

        init() {
            environment = GraphQLEnvironment(
                schema: OffsetPaginationTests.schema, transport: transport, clock: clock,
                configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60))))
        }

        func next(_ data: JSONValue) { transport.answerOnce(.operationName("Latest"), with: .data(data)) }

        func attach(limit: Int) async throws -> PagedHandle {
            let paged = try environment.attachPaged(
                try OffsetPaginationTests.document.operation(named: "Latest", variables: ["limit": .int(limit)]))
            _ = try await paged.handle.loaded()
            return paged
        }
    }

    @Test("three pages at the list's length, a short page ends it, and a revalidation is one request for all")
    func pagesEndAndRevalidate() async throws {
        let setup = Setup()
        setup.next(Self.page(1...3))
        setup.next(Self.page(4...6))
        setup.next(Self.page(7...8))
        let paged = try await setup.attach(limit: 3)
        #expect(paged.hasNext && !paged.hasPrevious)
        try await paged.loadNext(3)
        #expect(paged.hasNext)
        try await paged.loadNext(3)
        #expect(Self.titles(paged) == (1...8).map { "Post \($0)" })
        #expect(!paged.hasNext, "a page of 2 when 3 were asked is the list's end")
        try await paged.loadNext(3)
        #expect(setup.transport.requestCount == 3)
        let variables = setup.transport.requests.map(\.variables)
        #expect(variables[1]["offset"] == 3 && variables[1]["limit"] == 3)
        #expect(variables[2]["offset"] == 6 && variables[2]["limit"] == 3)

        let recorder = PhaseRecorder(paged.handle)
        setup.clock.advance(by: .seconds(61))
        setup.next(Self.page(1...8, titled: "Fresh"))
        let batch = setup.environment.revalidate()
        #expect(batch.started == 1)
        await batch.finished()
        #expect(setup.transport.requestCount == 4)
        #expect(setup.transport.requests[3].variables["limit"] == 8)
        #expect(
            setup.transport.requests[3].variables["offset"] == nil
                || setup.transport.requests[3].variables["offset"] == .null)
        #expect(Self.titles(paged) == (1...8).map { "Fresh \($0)" })
        paged.release()
        #expect(!(await recorder.finished()).contains { $0.isLoading })
    }

    @Test("a first page shorter than its limit has no next; loadPrevious and a start past 0 are refused, unsent")
    func refused() async throws {
        let setup = Setup()
        setup.next(Self.page(1...2))
        let paged = try await setup.attach(limit: 3)
        #expect(!paged.hasNext)
        try await paged.loadNext(3)
        await #expect {
            try await paged.loadPrevious(3)
        } throws: { ($0 as? HandleError)?.code == .notPaged }
        #expect {
            try setup.environment.attachPaged(
                try Self.document.operation(named: "Latest", variables: ["limit": 3, "offset": 3]))
        } throws: { ($0 as? HandleError)?.code == .notPaged }
        #expect(setup.transport.requestCount == 1)
        paged.release()
    }

    @Test("a failed page keeps every item shown and surfaces a typed error; the next page works")
    func failedPage() async throws {
        let setup = Setup()
        setup.next(Self.page(1...2))
        let paged = try await setup.attach(limit: 2)
        setup.transport.failOnce(.operationName("Latest"), with: TransportError(.cannotConnect, "offline"))
        await #expect {
            try await paged.loadNext(2)
        } throws: { ($0 as? FetchError)?.code == .transport }
        #expect(Self.titles(paged) == ["Post 1", "Post 2"])
        #expect(paged.hasNext)
        setup.next(Self.page(3...4))
        try await paged.loadNext(2)
        #expect(Self.titles(paged) == (1...4).map { "Post \($0)" })
        #expect(setup.transport.requestCount == 3)
        paged.release()
    }
}
