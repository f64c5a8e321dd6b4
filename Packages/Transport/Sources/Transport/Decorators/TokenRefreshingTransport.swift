/// A transport that sends each request with the current access token, and answers an HTTP 401 by
/// refreshing the token once and sending the request again: what every app writes next to its
/// transport.
///
/// The token goes in one header (`Authorization: Bearer <token>` by default). When the server
/// answers 401 before any response, `refresh` is called with the token it refused and returns a
/// new one; the request is sent once more with it. A second 401 is thrown as it came, so a refresh
/// that does not help cannot loop. Requests that fail with 401 while a refresh is running wait for
/// that refresh instead of starting another: one refresh per refused token. When `refresh` throws,
/// the request fails with its error (the app signs the user out there).
public struct TokenRefreshingTransport: Transport {
    /// The transport that sends each attempt.
    public let base: any Transport
    /// The header the token goes in.
    public let header: String
    private let tokens: TokenSource

    /// `base`, with `token` read before each request and `refresh` called after a 401.
    /// `format` turns a token into the header's value (`Bearer <token>` by default).
    public init(
        _ base: any Transport, header: String = "Authorization",
        format: @escaping @Sendable (String) -> String = { "Bearer \($0)" },
        token: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable (_ refused: String) async throws -> String
    ) {
        self.base = base
        self.header = header
        self.tokens = TokenSource(token: token, refresh: refresh, format: format)
    }

    /// Sends `request` with the token, and once more with a refreshed token after a 401; see
    /// ``Transport/execute(_:)``.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        let task = Task { [base, header, tokens] in
            do {
                var token = try await tokens.current()
                var refreshed = false
                while true {
                    var attempt = request
                    attempt.headers[header] = tokens.format(token)
                    var delivered = false
                    do {
                        for try await response in base.execute(attempt) {
                            delivered = true
                            continuation.yield(response)
                        }
                        continuation.finish()
                        return
                    } catch let error as TransportError where !delivered && !refreshed && error.status == 401 {
                        token = try await tokens.refreshed(after: token)
                        refreshed = true
                    }
                }
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// The token and its refresh, shared by every request of one ``TokenRefreshingTransport``: a
/// refresh in flight is joined by every request that the same token failed.
actor TokenSource {
    private let token: @Sendable () async throws -> String
    private let refresh: @Sendable (String) async throws -> String
    nonisolated let format: @Sendable (String) -> String
    /// The refresh running for a refused token, and the token it replaces.
    private var running: (refused: String, task: Task<String, any Error>)?
    /// The token the last refresh returned and the one it replaced, for requests that were sent
    /// with the old one and fail after the refresh finished.
    private var latest: (refused: String, token: String)?

    init(
        token: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable (String) async throws -> String,
        format: @escaping @Sendable (String) -> String
    ) {
        self.token = token
        self.refresh = refresh
        self.format = format
    }

    /// The token to send now.
    func current() async throws -> String { try await token() }

    /// A new token for one that the server refused: the refresh in flight for it, the token its
    /// last refresh gave, or a new refresh.
    func refreshed(after refused: String) async throws -> String {
        if let running, running.refused == refused { return try await running.task.value }
        if let latest, latest.refused == refused { return latest.token }
        let task = Task { [refresh] in try await refresh(refused) }
        running = (refused, task)
        defer { running = nil }
        let token = try await task.value
        latest = (refused, token)
        return token
    }
}
