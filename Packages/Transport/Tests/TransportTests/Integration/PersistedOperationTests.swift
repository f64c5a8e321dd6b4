import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ID-only persisted operations against the graphql-core server's `/safelisted` endpoint, which runs
/// only the operations of a manifest registered with it and counts what each request carried.
@Suite("Persisted operations by ID over loopback", .loopbackServer, .timeLimit(.minutes(3)))
struct PersistedOperationTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer.shared() }

    /// A query text no other test sends, so the server's counts for its ID are this test's alone.
    func uniqueQuery(_ name: String = "Registered") -> GraphQLRequest {
        GraphQLRequest(text: "query \(name) { hello(name: \"\(UUID().uuidString)\") }", operationName: name)
    }

    /// Registers `requests` in a manifest of Apollo's format, the one the generator writes.
    func register(_ requests: [GraphQLRequest]) async throws {
        let operations: [JSONValue] = requests.map { request in
            [
                "id": .string(DocumentDigest.sha256Hex(request.text)), "name": .string(request.operationName ?? ""),
                "type": "query", "body": .string(request.text),
            ]
        }
        let manifest: JSONValue = [
            "format": "apollo-persisted-query-manifest", "version": 1, "operations": .array(operations),
        ]
        try await server.registerManifest(manifest.serialized())
    }

    func transport(_ mode: PersistedOperationMode) -> HTTPTransport {
        var options = HTTPTransport.Options()
        options.persistedOperations = mode
        return HTTPTransport(
            url: server.url("/safelisted"), session: URLSession(configuration: .ephemeral), options: options)
    }

    @Test("in ID-only mode a registered operation runs from its ID, and no request carries its text")
    func registeredRunsFromItsID() async throws {
        let request = uniqueQuery()
        try await register([request])
        let response = try await transport(.idOnly).response(for: request)
        #expect(response.errors.isEmpty)
        #expect(response.data?["hello"]?.stringValue?.hasPrefix("Hello, ") == true)
        let counts = try await server.safelistCounts(id: DocumentDigest.sha256Hex(request.text))
        #expect(counts.idOnly == 1)
        #expect(counts.withText == 0)
    }

    @Test("an operation the server has not registered fails typed, and its text is never sent")
    func unregisteredFailsTyped() async throws {
        let request = uniqueQuery("Unregistered")
        let error = try await #require(throws: TransportError.self) {
            try await transport(.idOnly).response(for: request)
        }
        #expect(error.code == .persistedOperationNotFound)
        let counts = try await server.safelistCounts(id: DocumentDigest.sha256Hex(request.text))
        #expect(counts.idOnly == 1)
        #expect(counts.withText == 0)
    }

    @Test("automatic persisted queries fall back to the text, which the safelisting server refuses")
    func automaticModeSendsText() async throws {
        let request = uniqueQuery("Unregistered")
        let response = try await transport(.automatic).response(for: request)
        #expect(response.errors.first?.extensions["code"] == "PERSISTED_QUERY_REQUIRED")
        let counts = try await server.safelistCounts(id: DocumentDigest.sha256Hex(request.text))
        #expect(counts.idOnly == 1)
        #expect(counts.withText == 1)
    }

    @Test("a batch in ID-only mode carries each operation's ID and no text")
    func batchOfIDs() async throws {
        let requests = [uniqueQuery("First"), uniqueQuery("Second")]
        try await register(requests)
        let batching = BatchingTransport(
            transport(.idOnly), options: .init(maximumBatchSize: 2), sleep: ManualSleeper().sleep)
        async let first = batching.response(for: requests[0])
        async let second = batching.response(for: requests[1])
        for response in try await [first, second] {
            #expect(response.errors.isEmpty)
            #expect(response.data?["hello"]?.stringValue?.hasPrefix("Hello, ") == true)
        }
        for request in requests {
            let counts = try await server.safelistCounts(id: DocumentDigest.sha256Hex(request.text))
            #expect(counts.idOnly == 1 && counts.withText == 0)
        }
    }
}
