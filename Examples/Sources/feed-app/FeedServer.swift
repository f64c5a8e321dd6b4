import Environment
import Primitives

/// The app's server, in process: answers `Feed` from an embedded dataset whose titles change
/// between versions, as a real feed would between two visits. A `Transport` like any other, so the
/// environment cannot tell it from `HTTPTransport`.
final class FeedServer: Transport {
    private struct State {
        var version = 1
        var requests = 0
    }

    private let state = Locked(State())

    /// How many requests reached the server.
    var requestCount: Int { state.withLock { $0.requests } }

    /// Publishes new content: the next answers carry version `version`'s titles.
    func publishVersion(_ version: Int) {
        state.withLock { $0.version = version }
    }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let version = state.withLock { state in
            state.requests += 1
            return state.version
        }
        let posts: [JSONValue] = Self.dataset.map { post in
            [
                "__typename": "Post", "id": .string(post.id), "title": .string("\(post.title) (v\(version))"),
                "author": [
                    "__typename": "Author", "id": .string(post.author), "name": .string(post.author.capitalized),
                ],
            ]
        }
        return AsyncThrowingStream { continuation in
            continuation.yield(GraphQLResponse(data: ["feed": .array(posts)]))
            continuation.finish()
        }
    }

    /// The embedded dataset.
    static let dataset: [(id: String, title: String, author: String)] = [
        ("1", "Normalized stores, explained", "ada"),
        ("2", "Revalidate on foreground", "grace"),
        ("3", "Why no timers", "ada"),
    ]
}
