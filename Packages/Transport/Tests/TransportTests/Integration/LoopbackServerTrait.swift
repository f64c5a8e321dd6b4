import GraphQLTestServer
import Testing

extension LoopbackServer {
    /// The server of the suite that is running; set by the ``LoopbackServerTrait`` scope.
    @TaskLocal static var current: LoopbackServer?

    /// The running suite's server; a test outside a `.loopbackServer` suite fails here.
    static func shared() throws -> LoopbackServer {
        try #require(current, "the suite must carry the .loopbackServer trait")
    }
}

/// Starts one ``LoopbackServer`` around a suite and stops it after the suite's last test.
struct LoopbackServerTrait: SuiteTrait, TestScoping {
    var kind: LoopbackServer.Kind = .graphQLCore
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try await LoopbackServer.start(kind)
        defer { server.stop() }
        try await LoopbackServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == LoopbackServerTrait {
    /// Runs the suite against a GraphQL server on loopback.
    static var loopbackServer: Self { Self() }

    /// Runs the suite against the server of `kind` on loopback.
    static func loopbackServer(_ kind: LoopbackServer.Kind) -> Self { Self(kind: kind) }
}
