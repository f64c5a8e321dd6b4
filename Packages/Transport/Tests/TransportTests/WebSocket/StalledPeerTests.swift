import Foundation
import GraphQLCore
import Testing

@testable import Transport

/// A server that stops reading must not stall the app: the built-in connection queues writes for
/// its own writer thread, so `execute` (which sends under the transport's lock) returns at once,
/// and an outbox past its bound ends the connection with a typed error.
@Suite("A WebSocket peer that stops reading", .timeLimit(.minutes(3)))
struct StalledPeerTests {
    @Test("subscribing does not block on a full socket; the overflowing outbox fails every operation as dropped")
    func stalledPeer() async throws {
        let server = try StalledWebSocketServer()
        defer { server.stop() }
        let sleeper = ManualSleeper()
        let options = WebSocketTransport.Options(
            acknowledgementTimeout: .seconds(7), linger: .zero,
            reconnect: RetryPolicy(
                maximumAttempts: 1, initialDelay: .seconds(1), multiplier: 2, maximumDelay: .seconds(4), jitter: 0))
        // An 8 MiB outbox instead of the default 16 MiB, so that the test moves fewer bytes.
        let limit = 8 << 20
        let transport = WebSocketTransport(
            url: server.url, options: options, sleep: sleeper.sleep, random: { 0 },
            connector: { url, protocols, headers, handler in
                SocketWebSocketConnection.connect(
                    url: url, protocols: protocols, headers: headers, connectTimeout: .seconds(7),
                    maximumQueuedBytes: limit, handler: handler)
            })
        // The acknowledgement first, so that every later subscribe is written at once.
        let first = transport.execute(Self.subscription(padding: 0))
        try await eventually { transport.isAcknowledged }
        // 24 x 256 KB: more than the loopback buffers hold (4 MiB at most for the client's send buffer
        // here; a blocking write would stop in this loop, under the transport's lock), less than the outbox.
        var streams = [first]
        for _ in 0..<24 { streams.append(transport.execute(Self.subscription(padding: 256 << 10))) }
        #expect(transport.socketsOpened == 1)
        #expect(transport.isAcknowledged)
        // One more message than the outbox can hold gives the connection up.
        streams.append(transport.execute(Self.subscription(padding: limit)))
        for stream in streams {
            let error = await #expect(throws: TransportError.self) {
                for try await _ in stream {}
            }
            #expect(error?.code == .webSocketClosed)
            #expect(error?.message.contains("stopped reading") == true)
        }
        #expect(transport.socketsOpened == 1)
    }

    static func subscription(padding: Int) -> GraphQLRequest {
        GraphQLRequest(
            text: "subscription Padded($padding: String!) { forever(id: $padding) { value } }",
            operationName: "Padded", kind: .subscription,
            variables: ["padding": .string(String(repeating: "x", count: padding))])
    }
}
