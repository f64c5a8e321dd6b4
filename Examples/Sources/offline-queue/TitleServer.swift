import Environment

/// An in-process server for the example: one post whose title a `Rename` mutation sets. It can be
/// switched offline (every request fails as a connection that could not be made), and it applies
/// each idempotence ID (the `Idempotency-Key` header) once, answering a duplicate as the first.
final class TitleServer: Transport {
    private struct State {
        var isOnline = false
        var title = "First draft"
        var applied: Set<String> = []
        var requests: [String] = []
    }

    private let state = Locked(State())

    /// Whether requests reach the server.
    var isOnline: Bool {
        get { state.withLock { $0.isOnline } }
        set { state.withLock { $0.isOnline = newValue } }
    }

    /// The operation names of the requests that reached the server, in order.
    var requests: [String] { state.withLock { $0.requests } }

    /// How many idempotence IDs the server applied.
    var appliedCount: Int { state.withLock { $0.applied.count } }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let answer: Result<GraphQLResponse, TransportError> = state.withLock { state in
            guard state.isOnline else {
                return .failure(TransportError(.cannotConnect, "the example's server is offline"))
            }
            state.requests.append(request.operationName ?? "?")
            if request.operationName == "Rename", case .string(let title)? = request.variables["title"] {
                let key = request.headers["Idempotency-Key"] ?? ""
                if state.applied.insert(key).inserted { state.title = title }
                return .success(
                    GraphQLResponse(data: ["rename": ["__typename": "Post", "id": "p1", "title": .string(title)]]))
            }
            return .success(
                GraphQLResponse(data: ["post": ["__typename": "Post", "id": "p1", "title": .string(state.title)]]))
        }
        return AsyncThrowingStream { continuation in
            continuation.yield(with: answer.mapError { $0 as any Error })
            continuation.finish()
        }
    }
}
