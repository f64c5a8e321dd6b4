import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing

@testable import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `graphql-transport-ws` against Strawberry on uvicorn (a server this repository did not write),
/// and against its misbehaving `/ws/<fault>` sockets. Timers sleep on a ``ManualSleeper``. Serialized:
/// some tests count the server's sockets, which a test running alongside would change.
@Suite("WebSocket transport against Strawberry", .loopbackServer(.strawberry), .serialized, .timeLimit(.minutes(3)))
struct WebSocketTransportTests {
    let server: LoopbackServer
    let sleeper = ManualSleeper()

    init() throws { server = try LoopbackServer.shared() }

    static let reconnect = RetryPolicy(
        maximumAttempts: 5, initialDelay: .seconds(1), multiplier: 2, maximumDelay: .seconds(4), jitter: 0)

    func transport(
        _ path: String = "/graphql", payload: JSONObject? = nil, linger: Duration = .zero
    ) -> WebSocketTransport {
        let options = WebSocketTransport.Options(
            connectionPayload: payload.map { payload in { @Sendable in payload } }, acknowledgementTimeout: .seconds(7),
            linger: linger, reconnect: Self.reconnect, stableAfter: .seconds(1000))
        return WebSocketTransport(
            url: server.webSocketURL(path), options: options, sleep: sleeper.sleep, random: { 0 })
    }

    static func count(to: Int, id: String = "counter") -> GraphQLRequest {
        GraphQLRequest(
            text: "subscription Count($to: Int!, $id: ID!) { count(to: $to, id: $id) { id value } }",
            operationName: "Count", kind: .subscription, variables: ["to": .int(to), "id": .string(id)])
    }

    func connections() async throws -> (opened: Int, open: Int) {
        try await server.webSocketConnections()
    }

    @Test("a subscription yields each event in order and finishes at the server's complete")
    func events() async throws {
        var values: [JSONValue] = []
        for try await response in transport(payload: ["token": "secret"]).execute(Self.count(to: 3)) {
            #expect(response.errors.isEmpty)
            values.append(try #require(response.data?["count"]?["value"]))
        }
        #expect(values == [1, 2, 3])
    }

    @Test("many subscriptions share one socket, each gets its own events, and the socket closes after the last")
    func multiplexed() async throws {
        let before = try await connections()
        let transport = transport()
        let results = try await withThrowingTaskGroup(of: [JSONValue].self) { group in
            for index in 0..<20 {
                group.addTask {
                    var ids: [JSONValue] = []
                    for try await response in transport.execute(Self.count(to: 2, id: "c\(index)")) {
                        ids.append(response.data?["count"]?["id"] ?? nil)
                    }
                    return ids
                }
            }
            var all: [[JSONValue]] = []
            for try await ids in group { all.append(ids) }
            return all
        }
        #expect(results.count == 20)
        #expect(Set(results.map { $0.first ?? nil }).count == 20)
        #expect(results.allSatisfy { $0.count == 2 && $0[0] == $0[1] })
        #expect(transport.socketsOpened == 1)
        try await eventually { !transport.hasSocket }
        let after = try await connections()
        #expect(after.opened - before.opened == 1)
        // The server sees the socket close once the client closed it.
        try await server.waitForOpenWebSockets(before.open)
    }

    @Test("a query runs over the socket too, as one response")
    func query() async throws {
        let request = GraphQLRequest(text: #"{ hello(name: "socket") }"#)
        let response = try await transport().response(for: request)
        #expect(response.data?["hello"] == "Hello, socket!")
    }

    @Test("an operation the server rejects is one response with its errors")
    func validationError() async throws {
        let request = GraphQLRequest(text: "subscription { nope }", kind: .subscription)
        var responses: [GraphQLResponse] = []
        for try await response in transport().execute(request) { responses.append(response) }
        #expect(responses.count == 1)
        #expect(responses.first?.data == nil)
        #expect(responses.first?.errors.isEmpty == false)
    }

    @Test("@defer over the socket: Strawberry refuses incremental delivery there with a GraphQL error, one response")
    func deferRefused() async throws {
        let request = GraphQLRequest(text: #"{ detail(id: "d1") { id ... @defer(label: "slow") { summary } } }"#)
        var responses: [GraphQLResponse] = []
        for try await response in transport().execute(request) { responses.append(response) }
        #expect(responses.count == 1)
        #expect(responses.first?.data == nil)
        #expect(
            responses.first?.errors.map(\.message) == [
                "Incremental delivery is not supported over graphql-transport-ws"
            ])
    }

    @Test("an error in the middle of a subscription's source arrives as a response with errors")
    func sourceError() async throws {
        let request = GraphQLRequest(text: "subscription { failing { id value } }", kind: .subscription)
        var responses: [GraphQLResponse] = []
        for try await response in transport().execute(request) { responses.append(response) }
        #expect(responses.first?.data?["failing"]?["value"] == 1)
        #expect(responses.last?.errors.isEmpty == false)
    }

    @Test("connection_init refused by the server (4403) fails the subscription with webSocketForbidden, once")
    func refused() async throws {
        let transport = transport(payload: ["token": "wrong"])
        let error = await #expect(throws: TransportError.self) {
            for try await _ in transport.execute(Self.count(to: 3)) {}
        }
        #expect(error?.code == .webSocketForbidden)
        #expect(transport.socketsOpened == 1)
        #expect(sleeper.requested.filter { $0 == .seconds(1) }.isEmpty)
    }

    @Test("cancelling the consumer completes the operation on the server and closes the socket")
    func cancelled() async throws {
        let before = try await connections()
        let transport = transport()
        let request = GraphQLRequest(text: "subscription { forever { id value } }", kind: .subscription)
        let gotOne = Gate()
        let task = Task {
            for try await _ in transport.execute(request) { gotOne.open() }
        }
        await gotOne.wait()
        task.cancel()
        _ = await task.result
        try await eventually { !transport.hasSocket }
        try await server.waitForOpenWebSockets(before.open)
        #expect(transport.socketsOpened == 1)
    }

    @Test("with a linger, a subscription that starts before it ends reuses the socket")
    func lingerReuses() async throws {
        let transport = transport(linger: .seconds(30))
        for try await _ in transport.execute(Self.count(to: 1)) {}
        try await sleeper.waitUntilSleeping(.seconds(30))
        for try await _ in transport.execute(Self.count(to: 1)) {}
        #expect(transport.socketsOpened == 1)
        try await sleeper.wake(.seconds(30))
        try await eventually { !transport.hasSocket }
    }

    // MARK: - Faults

    @Test("a server that drops the socket is reconnected with capped backoff, re-subscribed, and given up on")
    func reconnectsWithBackoff() async throws {
        let transport = transport("/ws/drop-after-subscribe")
        let events = Recorder<JSONValue>()
        let consumer = Task {
            for try await response in transport.execute(Self.count(to: 3)) {
                events.append(response.data?["count"]?["value"] ?? nil)
            }
        }
        for delay in [1, 2, 4, 4] { try await sleeper.wake(.seconds(delay)) }
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .webSocketClosed)
        // Five connections in all, each subscribed again and delivering its one event before the drop.
        #expect(transport.socketsOpened == 5)
        #expect(events.all == [1, 1, 1, 1, 1])
        #expect(
            sleeper.requested.filter { $0 != .seconds(7) && $0 != .seconds(1000) } == [1, 2, 4, 4].map { .seconds($0) })
    }

    @Test("an acknowledgement that never comes times out, and bounded reconnects end in timedOut")
    func neverAcknowledged() async throws {
        let transport = transport("/ws/never-ack")
        let consumer = Task { for try await _ in transport.execute(Self.count(to: 3)) {} }
        for delay in [1, 2, 4, 4] {
            try await sleeper.wake(.seconds(7))
            try await sleeper.wake(.seconds(delay))
        }
        try await sleeper.wake(.seconds(7))
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .timedOut)
        #expect(transport.socketsOpened == 5)
    }

    @Test("a malformed message fails the subscription with invalidResponse and is not reconnected")
    func malformedMessage() async throws {
        let transport = transport("/ws/malformed")
        let error = await #expect(throws: TransportError.self) {
            for try await _ in transport.execute(Self.count(to: 3)) {}
        }
        #expect(error?.code == .invalidResponse)
        #expect(transport.socketsOpened == 1)
    }

    @Test("a next for an unknown id is ignored; the subscription's own events arrive and it completes")
    func unknownID() async throws {
        var values: [JSONValue] = []
        for try await response in transport("/ws/unknown-id").execute(Self.count(to: 2)) {
            values.append(response.data?["count"]?["value"] ?? nil)
        }
        #expect(values == [1, 2])
    }

    @Test(
        "each protocol close code from the server becomes its typed error",
        arguments: [
            (4400, TransportError.Code.webSocketBadRequest), (4401, .webSocketUnauthorized),
            (4403, .webSocketForbidden),
            (4409, .webSocketSubscriberExists), (4429, .webSocketTooManyInitialisations), (4500, .webSocketServerError),
        ])
    func closeCodes(code: Int, expected: TransportError.Code) async throws {
        let transport = transport("/ws/close-\(code)")
        let error = await #expect(throws: TransportError.self) {
            for try await _ in transport.execute(Self.count(to: 3)) {}
        }
        #expect(error?.code == expected)
        #expect(transport.socketsOpened == 1)
    }

    @Test("no server on the port is cannotConnect after the bounded reconnects")
    func noServer() async throws {
        let port = try await server.unusedPort()
        let options = WebSocketTransport.Options(reconnect: RetryPolicy(maximumAttempts: 2, jitter: 0))
        let transport = WebSocketTransport(
            url: try #require(URL(string: "ws://127.0.0.1:\(port)/graphql")), options: options, sleep: sleeper.sleep)
        let consumer = Task { for try await _ in transport.execute(Self.count(to: 1)) {} }
        try await sleeper.wake(.milliseconds(500))
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .cannotConnect)
        #expect(transport.socketsOpened == 2)
    }
}
