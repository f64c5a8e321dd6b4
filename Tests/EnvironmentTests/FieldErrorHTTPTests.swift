import Environment
import Foundation
import GraphQLTestServer
import SchedulingTesting
import Testing

@Suite("Field errors from a real server (graphql-core)")
struct FieldErrorHTTPTests {
    static let sdl = """
        type Query { user(id: ID!): User users(first: Int = 3): [User!]! }
        type User { id: ID! name: String! nickname: String secret: String! }
        """

    static let text = """
        query People { people: users(first: 3) { name nick: nickname } }
        query Nicknames { users(first: 3) { nickname } }
        query Secret { user(id: "2") { name secret } }
        """

    @Test(
        "a resolver that raises in a list under aliases: the error is stored at its item, and another query reads it at its path"
    )
    func listAndAliases() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = Environment(schema: schema, transport: transport, clock: ManualWallClock())

        let people = environment.attach(try document.operation(named: "People"))
        let snapshot = try await people.loaded()
        #expect(
            snapshot.data?["people"]
                == [
                    ["name": "User 1", "nick": "Nick 1"], ["name": "User 2", "nick": nil],
                    ["name": "User 3", "nick": "Nick 3"],
                ])
        #expect(snapshot.fieldErrors.map(\.path) == [["people", 1, "nick"]])
        #expect(snapshot.fieldErrors.first?.message == "no nickname for user 2")
        #expect(snapshot.fieldErrors.first?.extensions["code"] == "NICKNAME_FAILED")
        #expect(people.serverErrors.isEmpty)

        // The same users' nicknames, without aliases, from the store: no request.
        let nicknames = environment.attach(try document.operation(named: "Nicknames"), policy: .storeOnly)
        #expect(nicknames.phase.fieldErrors.map(\.path) == [["users", 1, "nickname"]])
        #expect(transport.requestCount == 1)
        people.release()
        nicknames.release()
    }

    @Test("a non-null field's error from a real server is stored at the nullable parent the server nulled")
    func bubbledToNullableParent() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = Environment(schema: schema, transport: transport, clock: ManualWallClock())

        let handle = environment.attach(try document.operation(named: "Secret"))
        let snapshot = try await handle.loaded()
        #expect(snapshot.data == ["user": nil])
        #expect(snapshot.fieldErrors.map(\.path) == [["user"]])
        #expect(snapshot.fieldErrors.first?.message == "the secret of user 2 failed")
        #expect(
            environment.store.record(.root)?["user(id:\"2\")"]
                == .fieldError(FieldError(message: "the secret of user 2 failed", path: ["user", "secret"])))
        #expect(transport.requestCount == 1)
        handle.release()
    }
}
