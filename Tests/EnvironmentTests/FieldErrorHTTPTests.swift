import Environment
import Foundation
import GraphQLTestServer
import SchedulingTesting
import Testing

@Suite("Field errors from real servers (graphql-core and Strawberry)", .timeLimit(.minutes(3)))
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

    /// An environment over `server`, counting its requests, with `text` compiled against `sdl`.
    static func environment(
        over server: LoopbackServer, sdl: String, text: String
    ) throws -> (GraphQLEnvironment, CountingTransport, CompiledDocument) {
        let schema = try Schema(sdl: sdl)
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        let environment = GraphQLEnvironment(schema: schema, transport: transport, clock: ManualWallClock())
        return (environment, transport, try CompiledDocument(text: text, schema: schema))
    }

    @Test(
        "a resolver that raises in a list under aliases: the error is stored at its item, and another query reads it at its path"
    )
    func listAndAliases() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (environment, transport, document) = try Self.environment(over: server, sdl: Self.sdl, text: Self.text)

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
        let (environment, transport, document) = try Self.environment(over: server, sdl: Self.sdl, text: Self.text)

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

    @Test(
        "Strawberry's answer with a raising resolver in a list under aliases: stored at the item, read back without a request"
    )
    func strawberryListAndAliases() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let (environment, transport, document) = try Self.environment(
            over: server,
            sdl: """
                type Query { products(count: Int! = 4): [Product!]! }
                type Product { id: ID! name: String! price: Int }
                """,
            text: """
                query Goods { goods: products(count: 3) { name cost: price } }
                query Prices { products(count: 3) { price } }
                """)

        let goods = environment.attach(try document.operation(named: "Goods"))
        let snapshot = try await goods.loaded()
        #expect(
            snapshot.data?["goods"]
                == [
                    ["name": "Product 0", "cost": 100], ["name": "Product 1", "cost": nil],
                    ["name": "Product 2", "cost": 102],
                ])
        #expect(snapshot.fieldErrors.map(\.path) == [["goods", 1, "cost"]])
        #expect(snapshot.fieldErrors.map(\.message) == ["no price for product 1"])
        #expect(
            environment.store.record("Product:product-1")?["price"]
                == .fieldError(FieldError(message: "no price for product 1", path: ["goods", 1, "cost"])))

        let prices = environment.attach(try document.operation(named: "Prices"), policy: .storeOnly)
        #expect(prices.phase.fieldErrors.map(\.path) == [["products", 1, "price"]])
        #expect(transport.requestCount == 1)
        goods.release()
        prices.release()
    }
}
