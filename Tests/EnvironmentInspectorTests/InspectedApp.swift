import Environment
import EnvironmentInspector
import SchedulingTesting
import TransportTesting

/// A small app the inspector tests look at: a feed screen and a post screen over a scripted
/// server and a manual clock, whose story is attach, fetch, revalidate and release.
struct InspectedApp {
    static let sdl = """
        type Query { feed: [Post!]! post(id: ID!): Post }
        type Post { id: ID! title: String! author: Author! }
        type Author { id: ID! name: String! }
        """
    static let text = """
        query Feed { feed { id title author { id name } } }
        query Post($id: ID!) @cacheExpiration(seconds: 3600) { post(id: $id) { id title } }
        """

    let transport = ScriptedTransport()
    let clock = ManualWallClock()
    let events = InspectorEventSink()
    let environment: GraphQLEnvironment
    let feed: GraphQLOperation
    let post: GraphQLOperation

    init() throws {
        let schema = try Schema(sdl: Self.sdl)
        let document = try CompiledDocument(text: Self.text, schema: schema)
        feed = try document.operation(named: "Feed", variables: [:])
        post = try document.operation(named: "Post", variables: ["id": "1"])
        environment = GraphQLEnvironment(
            schema: schema, transport: transport, clock: clock, log: events,
            configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60)), releaseBufferSize: 4))
        transport.answer(
            .operationName("Feed"),
            with: .data([
                "feed": [
                    [
                        "__typename": "Post", "id": "1", "title": "Normalized stores",
                        "author": ["__typename": "Author", "id": "ada", "name": "Ada"],
                    ],
                    [
                        "__typename": "Post", "id": "2", "title": "Why no timers",
                        "author": ["__typename": "Author", "id": "grace", "name": "Grace"],
                    ],
                ]
            ]))
        transport.answer(
            .operationName("Post"),
            with: .data(["post": ["__typename": "Post", "id": "1", "title": "Normalized stores"]]))
    }

    /// The screens left open by ``run()``.
    struct Screens {
        let feed: Handle
        let feedPreview: Handle
        let post: Handle
    }

    /// The story: the feed screen attaches (`storeOrNetwork`) and loads, a preview of it holds the
    /// same root `storeOnly`, the post screen attaches `networkOnly` and loads; the clock passes the
    /// feed's expiration and `revalidate()` refetches it (the post, good for an hour, is left
    /// alone); a second post screen is attached and released. Two requests, then a third.
    func run() async throws -> Screens {
        let feedScreen = environment.attach(feed, policy: .storeOrNetwork)
        _ = try await feedScreen.loaded()
        let preview = environment.attach(feed, policy: .storeOnly)
        let postScreen = environment.attach(post, policy: .networkOnly)
        _ = try await postScreen.loaded()
        clock.advance(by: .seconds(61))
        let batch = environment.revalidate()
        await batch.finished()
        let another = environment.attach(post, policy: .storeOnly)
        another.release()
        return Screens(feed: feedScreen, feedPreview: preview, post: postScreen)
    }
}
