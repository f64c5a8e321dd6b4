import Environment
import GraphQLTestServer
import SchedulingTesting
import Testing

@Suite("Field errors at the items of a list of scalars, from a real server", .timeLimit(.minutes(3)))
struct LeafListFieldErrorHTTPTests {
    @Test("graphql-core's answer with a failed item of `tags`: stored at the item, read by another query at its path")
    func itemOfScalars() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let schema = try Schema(sdl: "type Query { user(id: ID!): User } type User { id: ID! tags: [String] }")
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = GraphQLEnvironment(schema: schema, transport: transport, clock: ManualWallClock())
        let document = try CompiledDocument(
            text: """
                query Tags { user(id: "1") { tags } }
                query Labels { person: user(id: "1") { labels: tags } }
                """, schema: schema)

        let tags = environment.attach(try document.operation(named: "Tags"))
        let snapshot = try await tags.loaded()
        #expect(snapshot.data?["user"]?["tags"] == ["tag 1-0", nil, "tag 1-2"])
        #expect(snapshot.fieldErrors.map(\.path) == [["user", "tags", 1]])
        #expect(snapshot.fieldErrors.map(\.message) == ["no tag 1 for user 1"])
        #expect(tags.serverErrors.isEmpty)

        let labels = environment.attach(try document.operation(named: "Labels"), policy: .storeOnly)
        #expect(labels.phase.snapshot?.data?["person"]?["labels"] == ["tag 1-0", nil, "tag 1-2"])
        #expect(labels.phase.fieldErrors.map(\.path) == [["person", "labels", 1]])
        #expect(transport.requestCount == 1)
        tags.release()
        labels.release()
    }
}
