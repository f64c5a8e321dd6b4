import Environment
import EnvironmentInspector
import EventLog
import Foundation
import TransportTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// inspector-demo: an app with the store inspector linked. It attaches a feed screen and a post
// screen, fetches, revalidates and releases, prints the inspector's URL, and keeps serving the page:
//
//   swift run --package-path Examples inspector-demo              serves until interrupted
//   swift run --package-path Examples inspector-demo --seconds 60 serves 60 s, revalidating every 2 s
//   swift run --package-path Examples inspector-demo --once       one scripted run, then exits (CI)
//   add --show-values to let the page show field values (off by default: they are user data)

let arguments = CommandLine.arguments
let once = arguments.contains("--once")
let seconds = arguments.firstIndex(of: "--seconds").flatMap { index in
    index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
}

let schema = try Schema(
    sdl: """
        type Query { feed: [Post!]! post(id: ID!): Post }
        type Post { id: ID! title: String! author: Author! }
        type Author { id: ID! name: String! }
        """)
let document = try CompiledDocument(
    text: """
        query Feed @cacheExpiration(seconds: 5) { feed { id title author { id name } } }
        query Post($id: ID!) { post(id: $id) { id title author { name } } }
        """, schema: schema)
let feed = try document.operation(named: "Feed", variables: [:])
let firstPost = try document.operation(named: "Post", variables: ["id": "1"])

// The server, in process: answers every request at once, from a fixed dataset.
let server = ScriptedTransport()
let posts: [JSONValue] = [
    [
        "__typename": "Post", "id": "1", "title": "Normalized stores",
        "author": ["__typename": "Author", "id": "ada", "name": "Ada"],
    ],
    [
        "__typename": "Post", "id": "2", "title": "Why no timers",
        "author": ["__typename": "Author", "id": "grace", "name": "Grace"],
    ],
]
server.answer(.operationName("Feed"), with: .data(["feed": .array(posts)]))
server.answer(.operationName("Post"), with: .data(["post": posts[0]]))

// The app's own log goes on as before; the inspector's sink wraps it.
let events = InspectorEventSink(forwardingTo: NoEventSink())
let environment = GraphQLEnvironment(schema: schema, transport: server, log: events)
let inspector = try EnvironmentInspector(
    environment: environment, events: events,
    configuration: InspectorConfiguration(showsValues: arguments.contains("--show-values")))
print("inspector: \(inspector.url)")

let feedScreen = environment.attach(feed, policy: .storeOrNetwork)
_ = try await feedScreen.loaded()
let preview = environment.attach(feed, policy: .storeOnly)
let postScreen = environment.attach(firstPost, policy: .networkOnly)
_ = try await postScreen.loaded()
await environment.revalidate().finished()
let closed = environment.attach(firstPost, policy: .storeOnly)
closed.release()
print(
    "attached Feed (storeOrNetwork, storeOnly) and Post (networkOnly), revalidated, released one; requests: \(server.requestCount)"
)

if once {
    // What the page would show, read the way the page reads it.
    let (status, body) = try await fetchPage(inspector.url + "api/roots")
    print("GET api/roots: \(status), \(body.count) bytes")
    inspector.stop()
    exit(status == 200 ? 0 : 1)
}

// The interactive mode: a person watches the page while the app revalidates every two seconds of wall
// time. Nothing waits on this for a result; CI runs `--once`, which waits on no clock.
var elapsed = 0
while seconds.map({ elapsed < $0 }) ?? true {
    try await Task.sleep(for: .seconds(2))
    elapsed += 2
    environment.revalidate()
}
inspector.stop()
_ = (feedScreen, preview, postScreen)

/// One GET of the inspector's own page, as a browser would make it: the status and the body.
func fetchPage(_ url: String) async throws -> (Int, Data) {
    guard let address = URL(string: url) else { return (0, Data()) }
    let (body, response) = try await URLSession.shared.data(from: address)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, body)
}
