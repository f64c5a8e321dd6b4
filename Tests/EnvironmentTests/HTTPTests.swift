import Environment
import Foundation
import GraphQLTestServer
import SchedulingTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The whole system over real HTTP")
struct HTTPTests {
    static let sdl = """
        type Query { user(id: ID!): User }
        type User { id: ID! name: String! friends: [User!]! }
        type Mutation { rename(id: ID!, name: String!): User! }
        """

    static let text = """
        query User($id: ID!) { user(id: $id) { name } }
        mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { name } }
        """

    @Test("attach, loaded, then revalidate after expiry refetches over HTTP from the graphql-core server")
    func attachLoadedRevalidate() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let user = try document.operation(named: "User", variables: ["id": "4"])
        let rename = try document.operation(named: "Rename", variables: ["id": "4", "name": "Renamed over HTTP"])

        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let clock = ManualWallClock()
        let environment = GraphQLEnvironment(
            schema: schema, transport: transport, clock: clock,
            configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60))))

        let handle = environment.attach(user)
        let first = try #require((try? await handle.loaded()))
        #expect(first.data?["user"]?["name"] == "User 4")
        #expect(transport.requestCount == 1)

        // Another client renames the user on the server.
        let renamed = try await HTTPTransport(url: server.graphQLURL).response(for: rename)
        #expect(renamed.errors.isEmpty)

        await environment.revalidate().finished()
        #expect(transport.requestCount == 1, "fresh data is left alone")

        clock.advance(by: .seconds(61))
        let batch = environment.revalidate()
        #expect(batch.started == 1)
        await batch.finished()
        #expect(transport.requestCount == 2)
        #expect(handle.phase.snapshot?.data?["user"]?["name"] == "Renamed over HTTP")
        handle.release()
    }
}
