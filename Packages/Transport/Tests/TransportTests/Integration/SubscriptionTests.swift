import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Subscriptions over Server-Sent Events against the loopback server.
@Suite("Subscriptions over loopback", .loopbackServer, .timeLimit(.minutes(3)))
struct SubscriptionTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer.shared() }

    func transport(_ path: String = "/graphql", options: HTTPTransport.Options = .init()) -> HTTPTransport {
        HTTPTransport(url: server.url(path), session: URLSession(configuration: .ephemeral), options: options)
    }

    @Test("a subscription yields each event in order and finishes at complete")
    func countdown() async throws {
        var values: [JSONValue] = []
        let request = GraphQLRequest(text: "subscription { countdown(from: 3) }", kind: .subscription)
        for try await response in transport().execute(request) {
            #expect(response.errors.isEmpty)
            values.append(try #require(response.data?["countdown"]))
        }
        #expect(values == [3, 2, 1, 0])
    }

    @Test("a stream whose connection ends without complete throws truncated after its events")
    func brokenStream() async throws {
        var values: [JSONValue] = []
        let request = GraphQLRequest(text: "subscription { broken }", kind: .subscription)
        let error = await #expect(throws: TransportError.self) {
            for try await response in transport().execute(request) {
                values.append(response.data?["broken"] ?? nil)
            }
        }
        #expect(error?.code == .truncated, "\(String(describing: error))")
        #expect(values == [1])
    }

    @Test("cancelling the consuming task closes the subscription's connection")
    func cancellation() async throws {
        let key = "subscription-cancel-\(UUID().uuidString)"
        let http = transport()
        let request = GraphQLRequest(
            text: "subscription W($key: String!) { waitForever(key: $key) }", kind: .subscription,
            variables: ["key": .string(key)])
        let (firstEvent, firstEventArrived) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            for try await _ in http.execute(request) {
                count += 1
                firstEventArrived.yield()
            }
            return count
        }
        var events = firstEvent.makeAsyncIterator()
        _ = await events.next()
        try await server.wait(key: key, event: "arrived")
        consumer.cancel()
        let count = try await consumer.value
        #expect(count == 1)
        try await server.wait(key: key, event: "disconnected")
    }

    @Test("a subscription whose response head never comes times out")
    func timeout() async throws {
        let key = "subscription-timeout-\(UUID().uuidString)"
        let http = transport("/never?key=\(key)", options: .init(timeout: .milliseconds(200)))
        let error = await #expect(throws: TransportError.self) {
            for try await _ in http.execute(GraphQLRequest(text: "subscription { broken }", kind: .subscription)) {}
        }
        #expect(error?.code == .timedOut, "\(String(describing: error))")
    }

    @Test("a subscription the server rejects is one response with its errors")
    func validationError() async throws {
        var responses: [GraphQLResponse] = []
        let request = GraphQLRequest(text: "subscription { nope }", kind: .subscription)
        for try await response in transport().execute(request) { responses.append(response) }
        #expect(responses.count == 1)
        #expect(responses.first?.data == nil)
        #expect(responses.first?.errors.first?.message.contains("nope") == true)
    }

    @Test("a subscription to a port nothing listens on is cannotConnect")
    func cannotConnect() async throws {
        let port = try await server.unusedPort()
        let http = HTTPTransport(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
        let error = await #expect(throws: TransportError.self) {
            for try await _ in http.execute(GraphQLRequest(text: "subscription { broken }", kind: .subscription)) {}
        }
        #expect(error?.code == .cannotConnect, "\(String(describing: error))")
    }

    @Test("a header provider that throws fails a subscription with invalidRequest")
    func headers() async throws {
        struct Denied: Error {}
        let http = transport(options: .init(headerProvider: { throw Denied() }))
        let error = await #expect(throws: TransportError.self) {
            for try await _ in http.execute(GraphQLRequest(text: "subscription { broken }", kind: .subscription)) {}
        }
        #expect(error?.code == .invalidRequest, "\(String(describing: error))")
    }
}
