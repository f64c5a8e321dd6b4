import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Automatic persisted queries against the loopback server, which counts what it was sent per hash.
@Suite("Automatic persisted queries over loopback", .loopbackServer, .timeLimit(.minutes(3)))
struct PersistedQueryTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer.shared() }

    /// A query text no other test sends, so the server's counts for its hash are this test's alone.
    func uniqueQuery() -> (text: String, hash: String) {
        let text = "query Unique { hello(name: \"\(UUID().uuidString)\") }"
        // The server checks that the hash it gets is the SHA-256 of the text, so a wrong digest fails here.
        return (text, DocumentDigest.sha256Hex(text))
    }

    @Test("the hash goes first, the text only after PersistedQueryNotFound, and never again once stored")
    func hashThenText() async throws {
        let (text, hash) = uniqueQuery()
        let http = HTTPTransport(
            url: server.url("/graphql"), session: URLSession(configuration: .ephemeral),
            options: .init(usesAutomaticPersistedQueries: true))
        let first = try await http.response(for: GraphQLRequest(text: text))
        #expect(first.errors.isEmpty)
        #expect(first.data?["hello"]?.stringValue?.hasPrefix("Hello, ") == true)
        var counts = try await server.persistedQueryCounts(hash: hash)
        #expect(counts.hashOnly == 1)
        #expect(counts.withText == 1)

        let second = try await http.response(for: GraphQLRequest(text: text))
        #expect(second == first)
        counts = try await server.persistedQueryCounts(hash: hash)
        #expect(counts.hashOnly == 2)
        #expect(counts.withText == 1)
    }

    @Test("persisted queries work over GET")
    func overGET() async throws {
        let (text, hash) = uniqueQuery()
        let http = HTTPTransport(
            url: server.url("/graphql"), session: URLSession(configuration: .ephemeral),
            options: .init(usesGETForQueries: true, usesAutomaticPersistedQueries: true))
        _ = try await http.response(for: GraphQLRequest(text: text))
        let response = try await http.response(for: GraphQLRequest(text: text))
        #expect(response.errors.isEmpty)
        let counts = try await server.persistedQueryCounts(hash: hash)
        #expect(counts.hashOnly == 2)
        #expect(counts.withText == 1)
    }

    @Test("a server without persisted queries gets the text, and no more hashes after it said so")
    func unsupported() async throws {
        let (text, hash) = uniqueQuery()
        let http = HTTPTransport(
            url: server.url("/no-apq"), session: URLSession(configuration: .ephemeral),
            options: .init(usesAutomaticPersistedQueries: true))
        let first = try await http.response(for: GraphQLRequest(text: text))
        let second = try await http.response(for: GraphQLRequest(text: text))
        #expect(first.errors.isEmpty)
        #expect(second == first)
        let counts = try await server.persistedQueryCounts(hash: hash)
        #expect(counts.hashOnly == 1)
    }
}
