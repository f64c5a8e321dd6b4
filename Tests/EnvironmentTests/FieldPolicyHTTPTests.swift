import Environment
import Foundation
import GraphQLTestServer
import SchedulingTesting
import Testing

/// `@fieldPolicy` redirects against the graphql-core loopback server: the app's schema file adds the
/// policy to the server's schema, and the server never sees it.
@Suite("Cache redirects over real HTTP", .timeLimit(.minutes(3)))
struct FieldPolicyHTTPTests {
    static let sdl = """
        type Query { user(id: ID!): User users(first: Int = 3): [User!]! }
        type User { id: ID! name: String! friends: [User!]! }
        extend type Query @fieldPolicy(forField: "user", keyArgs: "id")
        """

    static let text = """
        query Users { users(first: 3) { name } }
        query User($id: ID!) { user(id: $id) { name } }
        query UserWithFriends($id: ID!) { user(id: $id) { name friends { name } } }
        """

    @Test("list, then a detail from the list's record with 0 requests; a detail with one more field, exactly 1")
    func listThenDetail() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = GraphQLEnvironment(schema: schema, transport: transport, clock: ManualWallClock())

        let list = environment.attach(try document.operation(named: "Users"))
        _ = try await list.loaded()
        #expect(transport.requestCount == 1)

        let detail = environment.attach(try document.operation(named: "User", variables: ["id": "2"]))
        #expect(try await detail.loaded().data == ["user": ["name": "User 2"]])
        #expect(transport.requestCount == 1)

        let friends = environment.attach(try document.operation(named: "UserWithFriends", variables: ["id": "2"]))
        let loaded = try await friends.loaded()
        #expect(loaded.data?["user"]?["name"] == "User 2")
        #expect(transport.requestCount == 2)
        let again = environment.attach(try document.operation(named: "UserWithFriends", variables: ["id": "2"]))
        _ = try await again.loaded()
        #expect(transport.requestCount == 2)
        for handle in [list, detail, friends, again] { handle.release() }
    }

    @Test("the server's Cache-Control max-age over real HTTP: fresh before it, refetched once after it")
    func maxAgeOverHTTP() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        var options = HTTPTransport.Options()
        options.headers = ["X-Answer-Cache-Control": "max-age=30"]
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL, options: options))
        let clock = ManualWallClock()
        let environment = GraphQLEnvironment(schema: schema, transport: transport, clock: clock)
        let handle = environment.attach(try document.operation(named: "User", variables: ["id": "3"]))
        _ = try await handle.loaded()
        clock.advance(by: .seconds(29))
        await environment.revalidate().finished()
        #expect(transport.requestCount == 1)
        clock.advance(by: .seconds(2))
        await environment.revalidate().finished()
        #expect(transport.requestCount == 2)
        handle.release()
    }
}
