import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// BatchingTransport over HTTPTransport against graphql-core on loopback, which counts the HTTP
/// requests it takes on a URL with `?count=<key>`.
@Suite("HTTP batching over loopback", .loopbackServer, .timeLimit(.minutes(3)))
struct BatchingTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer.shared() }

    /// A batching transport whose requests the server counts under a key of this test's own.
    func transport(maximumBatchSize: Int) -> (BatchingTransport, key: String) {
        let key = UUID().uuidString
        let http = HTTPTransport(
            url: server.url("/graphql?count=\(key)"), session: URLSession(configuration: .ephemeral))
        // The window never ends on its own: each batch here goes when it is full.
        let sleeper = ManualSleeper()
        return (BatchingTransport(http, options: .init(maximumBatchSize: maximumBatchSize), sleep: sleeper.sleep), key)
    }

    func hello(_ name: String) -> GraphQLRequest {
        GraphQLRequest(
            text: "query Hello($name: String) { hello(name: $name) }", operationName: "Hello",
            variables: ["name": .string(name)])
    }

    @Test("ten queries sent in one turn make one HTTP request and ten answers, each to its caller")
    func tenQueriesOneRequest() async throws {
        let (transport, key) = transport(maximumBatchSize: 10)
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<10 {
                group.addTask {
                    (index, try await transport.response(for: hello("n\(index)")).data?["hello"]?.stringValue)
                }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == 10)
        for index in 0..<10 { #expect(answers[index] == "Hello, n\(index)!") }
        let counts = try await server.requestCounts(key: key)
        #expect(counts.requests == 1)
        #expect(counts.operations == 10)
    }

    @Test("an operation the server refuses fails only its own caller")
    func oneRefused() async throws {
        let (transport, key) = transport(maximumBatchSize: 3)
        async let first = transport.response(for: hello("a"))
        async let refused = transport.response(for: GraphQLRequest(text: "{ noSuchField }"))
        async let last = transport.response(for: hello("c"))
        let (a, bad, c) = try await (first, refused, last)
        #expect(a.errors.isEmpty && a.data?["hello"]?.stringValue == "Hello, a!")
        #expect(c.errors.isEmpty && c.data?["hello"]?.stringValue == "Hello, c!")
        #expect(bad.data == nil)
        #expect(bad.errors.map(\.message) == ["Cannot query field 'noSuchField' on type 'Query'."])
        let counts = try await server.requestCounts(key: key)
        #expect(counts.requests == 1 && counts.operations == 3)
    }

    func rename(_ name: String) -> GraphQLRequest {
        GraphQLRequest(
            text: "mutation Rename($name: String!) { rename(id: \"7\", name: $name) { name } }",
            operationName: "Rename", kind: .mutation, variables: ["name": .string(name)])
    }

    @Test("mutations in one batch run in the order they were sent")
    func mutationsInOrder() async throws {
        let (transport, key) = transport(maximumBatchSize: 2)
        let first = Task { try await transport.response(for: rename("first")) }
        try await eventually { transport.gatheredCount == 1 }
        let second = Task { try await transport.response(for: rename("second")) }
        _ = try await (first.value, second.value)
        let user = try await HTTPTransport(url: server.graphQLURL).response(
            for: GraphQLRequest(text: "{ user(id: \"7\") { name } }"))
        #expect(user.data?["user"]?["name"]?.stringValue == "second")
        let counts = try await server.requestCounts(key: key)
        #expect(counts.requests == 1 && counts.operations == 2)
    }
}
