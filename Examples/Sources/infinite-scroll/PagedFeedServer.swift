import Environment
import Primitives

/// The app's server, in process: a Relay connection over 1,000 posts, paged with `first`/`after`
/// as a real server pages it. A cursor names its post, so it stays valid while posts change around
/// it. A `Transport` like any other, so the environment cannot tell it from `HTTPTransport`.
final class PagedFeedServer: Transport {
    private struct State {
        var titles: [String: String] = [:]
        var requests: [JSONObject] = []
    }

    private let state = Locked(State())
    private let count = 1_000

    /// The variables of every request that reached the server, in order.
    var requests: [JSONObject] { state.withLock { $0.requests } }

    /// Another user edits post `id`: the next answers carry its new title.
    func retitle(_ id: Int, to title: String) {
        state.withLock { $0.titles["p\(id)"] = title }
    }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let titles = state.withLock { state in
            state.requests.append(request.variables)
            return state.titles
        }
        let response: GraphQLResponse
        if case .int(let first)? = request.variables["first"], first >= 0,
            let start = Self.start(after: request.variables["after"], count: count)
        {
            response = GraphQLResponse(data: ["feed": page(start..<min(start + first, count), titles: titles)])
        } else {
            response = GraphQLResponse(data: nil, errors: [GraphQLServerError(message: "invalid first or after")])
        }
        return AsyncThrowingStream { continuation in
            continuation.yield(response)
            continuation.finish()
        }
    }

    /// The index after the post `after` names (0 without it); `nil` for a cursor that names no post.
    private static func start(after: JSONValue?, count: Int) -> Int? {
        guard let cursor = after?.stringValue else { return 0 }
        guard cursor.hasPrefix("post:"), let index = Int(cursor.dropFirst(5)), (1...count).contains(index) else {
            return nil
        }
        return index
    }

    private func page(_ indices: Range<Int>, titles: [String: String]) -> JSONValue {
        let edges: [JSONValue] = indices.map { index in
            let id = "p\(index + 1)"
            return [
                "__typename": "PostEdge", "cursor": .string("post:\(index + 1)"),
                "node": ["__typename": "Post", "id": .string(id), "title": .string(titles[id] ?? "Post \(index + 1)")],
            ]
        }
        return [
            "__typename": "PostConnection", "edges": .array(edges),
            "pageInfo": [
                "__typename": "PageInfo", "hasNextPage": .bool(indices.upperBound < count),
                "endCursor": indices.isEmpty ? .null : .string("post:\(indices.upperBound)"),
                "hasPreviousPage": .bool(indices.lowerBound > 0),
                "startCursor": indices.isEmpty ? .null : .string("post:\(indices.lowerBound + 1)"),
            ],
        ]
    }
}
