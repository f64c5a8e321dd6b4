import GraphQLCore
import Primitives
import Testing
import Transport
import TransportTesting

@Suite("TokenRefreshingTransport", .timeLimit(.minutes(3)))
struct TokenRefreshingTransportTests {
    let query = GraphQLRequest(text: "query Q { a }", operationName: "Q")
    static let unauthorized = TransportError(.http, "unauthorized", status: 401)

    /// The app's token store: read before each request, replaced by each refresh, which it counts.
    final class Tokens: Sendable {
        private let state = Locked<(token: String, refreshes: [String])>(("old", []))
        var token: String { state.withLock { $0.token } }
        var refreshes: [String] { state.withLock { $0.refreshes } }

        func refresh(_ refused: String) -> String {
            state.withLock { state in
                state.refreshes.append(refused)
                state.token = "new\(state.refreshes.count)"
                return state.token
            }
        }
    }

    func transport(_ base: ScriptedTransport, _ tokens: Tokens) -> TokenRefreshingTransport {
        TokenRefreshingTransport(base, token: { tokens.token }, refresh: { tokens.refresh($0) })
    }

    @Test("a 401 refreshes the token once and sends the request again with it: 2 requests, 1 refresh")
    func refreshesOnce() async throws {
        let base = ScriptedTransport()
        base.failOnce(.any, with: Self.unauthorized)
        base.answer(.any, with: .data(["a": 1]))
        let tokens = Tokens()
        let response = try await transport(base, tokens).response(for: query)
        #expect(response.data == ["a": 1])
        #expect(base.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new1"])
        #expect(tokens.refreshes == ["old"])
    }

    @Test("a second 401 is thrown as it came: 2 requests, 1 refresh, no loop")
    func secondUnauthorizedIsThrown() async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(Self.unauthorized))
        let tokens = Tokens()
        let error = await #expect(throws: TransportError.self) {
            try await transport(base, tokens).response(for: query)
        }
        #expect(error?.status == 401)
        #expect(base.requestCount == 2)
        #expect(tokens.refreshes == ["old"])
    }

    @Test("other failures are not retried and refresh nothing")
    func otherFailures() async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(TransportError(.http, "forbidden", status: 403)))
        let tokens = Tokens()
        await #expect(throws: TransportError.self) { try await transport(base, tokens).response(for: query) }
        #expect(base.requestCount == 1)
        #expect(tokens.refreshes.isEmpty)
    }

    @Test("a refresh that throws fails the request with its error")
    func refreshFails() async throws {
        struct SignedOut: Error {}
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(Self.unauthorized))
        let transport = TokenRefreshingTransport(base, token: { "old" }, refresh: { _ in throw SignedOut() })
        await #expect(throws: SignedOut.self) { try await transport.response(for: query) }
        #expect(base.requestCount == 1)
    }

    @Test("two requests refused with the same token share one refresh: 4 requests, 1 refresh")
    func concurrentShareOneRefresh() async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .data(["a": 1]))
        base.hold(.any)
        let tokens = Tokens()
        let transport = transport(base, tokens)
        async let first = transport.response(for: query)
        async let second = transport.response(for: query)
        _ = await base.request(at: 1)
        base.stopHolding(.any)
        #expect(base.release(requestAt: 0, with: .failure(Self.unauthorized)))
        #expect(base.release(requestAt: 1, with: .failure(Self.unauthorized)))
        let responses = try await [first, second]
        #expect(responses.map(\.data) == [["a": 1], ["a": 1]])
        #expect(base.requestCount == 4)
        #expect(tokens.refreshes == ["old"])
        #expect(base.requests[2...].map { $0.headers["Authorization"] } == ["Bearer new1", "Bearer new1"])
    }
}
