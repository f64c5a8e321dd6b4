import Environment
import Foundation
import GraphQLTestServer
import Testing

/// `@defer` and `@stream` through the whole system over HTTP (`multipart/mixed`), against
/// Strawberry on uvicorn, a server this repository did not write.
@Suite("Incremental delivery over real HTTP", .timeLimit(.minutes(3)))
struct IncrementalHTTPTests {
    static let sdl = """
        type Query { detail(id: ID!): Detail! items(count: Int! = 3): [Item!]! }
        type Detail { id: ID! summary: String! }
        type Item { id: ID! name: String! }
        directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
        """

    static let text = """
        query Detail { detail(id: "d1") { id ... @defer(label: "slow") { summary } } }
        query Items($count: Int!) { items(count: $count) @stream(initialCount: 1) { id name } }
        """

    @Test("a deferred field: the handle is loaded without it, then with it; one request")
    func deferredField() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let operation = try CompiledDocument(text: Self.text, schema: schema).operation(named: "Detail")
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = GraphQLEnvironment(schema: schema, transport: transport)

        let handle = environment.attach(operation)
        let recorder = PhaseRecorder(handle)
        _ = await handle.phase { $0.snapshot?.data?["detail"]?["summary"] != nil }
        #expect(handle.snapshot.data == ["detail": ["id": "d1", "summary": "summary of d1"]])
        #expect(!handle.snapshot.isMissingData)
        handle.release()

        let shown = await recorder.finished().compactMap { $0.snapshot?.data }
        #expect(shown.first == ["detail": ["id": "d1"]])
        #expect(shown.last == ["detail": ["id": "d1", "summary": "summary of d1"]])
        #expect(transport.requestCount == 1)
    }

    @Test("a streamed list: the handle shows the first item, then more as they arrive; one request")
    func streamedList() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let operation = try CompiledDocument(text: Self.text, schema: schema)
            .operation(named: "Items", variables: ["count": 5])
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = GraphQLEnvironment(schema: schema, transport: transport)

        let handle = environment.attach(operation)
        let recorder = PhaseRecorder(handle)
        _ = await handle.phase { $0.snapshot?.data?["items"]?.arrayValue?.count == 5 }
        handle.release()

        let counts = await recorder.finished().compactMap { $0.snapshot?.data?["items"]?.arrayValue?.count }
        #expect(counts.first == 1)
        #expect(counts.last == 5)
        #expect(counts == counts.sorted())
        let names = handle.snapshot.data?["items"]?.arrayValue?.map { $0["name"] }
        #expect(names == (0..<5).map { .string("Item \($0)") })
        #expect(transport.requestCount == 1)
    }
}
