import Foundation
import GraphQLTestServer
import Testing

@testable import Environment

/// The whole system over graphql-transport-ws, against Strawberry on uvicorn.
@Suite("The whole system over a real WebSocket", .timeLimit(.minutes(3)))
struct WebSocketTests {
    static let sdl = """
        type Query { hello(name: String! = "world"): String! }
        type Counter { id: ID! value: Int! }
        type Subscription {
          count(to: Int! = 3, id: ID! = "counter"): Counter!
          forever(id: ID! = "ticker"): Counter!
        }
        """

    static let text = """
        subscription Ticker($id: ID!) { forever(id: $id) { value } }
        subscription Count { count(to: 3) { value } }
        query Hello { hello }
        """

    @Test(
        "subscription events reach the store and the app over one socket; isActive false closes the socket and true opens another"
    )
    func parkAndResume() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let ticker = try document.operation(named: "Ticker", variables: ["id": "t1"])
        let environment = GraphQLEnvironment(schema: schema, transport: WebSocketTransport(url: server.webSocketURL()))

        let subscription = environment.subscribe(ticker)
        var events = subscription.events().makeAsyncIterator()
        let first = try #require(await events.next())
        #expect(first["forever"]?["value"] == 1)
        #expect(first["forever"]?["id"] == "t1")
        #expect(environment.store.record("Counter:t1")?["value"] != nil)
        #expect(try await server.webSocketConnections() == (1, 1))

        environment.isActive = false
        await subscription.lastStreamEnded()
        try await server.waitForOpenWebSockets(0)
        #expect(!subscription.isStreaming)

        environment.isActive = true
        // A new socket and a new subscription on it: the server's counter starts at 1 again.
        var value = try #require(await events.next())["forever"]?["value"]
        while value != 1 { value = try #require(await events.next())["forever"]?["value"] }
        #expect(try await server.webSocketConnections().opened == 2)

        subscription.cancel()
        await subscription.lastStreamEnded()
        try await server.waitForOpenWebSockets(0)
    }

    @Test("a socket the server drops after an event fails the subscription; what it wrote stays in the store")
    func droppedSocketKeepsWrites() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let count = try document.operation(named: "Count")
        // One connection in all: the drop is final, so the test needs no clock.
        let transport = WebSocketTransport(
            url: server.webSocketURL("/ws/drop-after-subscribe"),
            options: .init(reconnect: RetryPolicy(maximumAttempts: 1)))
        let environment = GraphQLEnvironment(schema: schema, transport: transport)

        let subscription = environment.subscribe(count)
        var events = subscription.events().makeAsyncIterator()
        #expect(try #require(await events.next())["count"]?["value"] == 1)
        await subscription.lastStreamEnded()
        #expect((subscription.failure as? TransportError)?.code == .webSocketClosed)
        #expect(subscription.eventCount == 1)
        #expect(environment.store.record("Counter:counter")?["value"] == .scalar(1))
        subscription.cancel()
        #expect(await events.next() == nil)
    }

    @Test(
        "150 identical subscriptions make one server subscription on one socket; each gets the events; the last cancel ends it"
    )
    func identicalSubscriptionsShareOne() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        let ticker = try document.operation(named: "Ticker", variables: ["id": "shared"])
        let environment = GraphQLEnvironment(schema: schema, transport: WebSocketTransport(url: server.webSocketURL()))

        let subscriptions = (0..<150).map { _ in environment.subscribe(ticker) }
        // Every app stream opens before any is read (events are buffered until read), so the test
        // waits for two of the server's events, not two for each of the 150 in turn. Each stream
        // gets the events from its opening on, in order and none skipped.
        var streams = subscriptions.map { $0.events().makeAsyncIterator() }
        for index in streams.indices {
            let first = try #require(await streams[index].next()?["forever"]?["value"])
            let second = try #require(await streams[index].next()?["forever"]?["value"])
            guard case .int(let value) = first else {
                Issue.record("stream \(index): the value \(first) is not an integer")
                continue
            }
            #expect(second == .int(value + 1), "stream \(index): \(first) then \(second)")
        }
        #expect(subscriptions.allSatisfy { $0.failure == nil && $0.isStreaming })
        #expect(try await server.subscriptionsStarted() == 1)
        #expect(try await server.webSocketConnections() == (1, 1))

        for subscription in subscriptions { subscription.cancel() }
        for subscription in subscriptions { await subscription.lastStreamEnded() }
        try await server.waitForOpenWebSockets(0)
        #expect(try await server.subscriptionsStarted() == 1)
    }
}
