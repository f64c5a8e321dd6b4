import Environment
import Foundation
import SQLiteStore

// offline-queue: a user edits a post's title three times on a train. The server cannot be reached,
// so each commit is queued with its optimistic title on screen; the app quits. The next launch over
// the same SQLite file shows the last optimistic title before any request; the network comes back,
// and one `revalidate()` replays the three edits in order, then refetches. It prints its counts and
// checks them. `swift run --package-path Examples offline-queue [--store PATH]`

let schema = try Schema(
    sdl: """
        type Query { post(id: ID!): Post }
        type Mutation { rename(id: ID!, title: String!): Post! }
        type Post { id: ID! title: String! }
        """)
let document = try CompiledDocument(
    text: """
        query Post($id: ID!) { post(id: $id) { title } }
        mutation Rename($id: ID!, $title: String!) { rename(id: $id, title: $title) { title } }
        """, schema: schema)
let post = try document.operation(named: "Post", variables: ["id": "p1"])

let arguments = CommandLine.arguments
let path =
    arguments.firstIndex(of: "--store").map { arguments[$0 + 1] }
    ?? NSTemporaryDirectory() + "/offline-queue-\(UUID().uuidString).sqlite"
SQLiteRecordSource.removeFiles(at: path)
let server = TitleServer()
/// How each queued mutation ended, as the queue's observer is told.
let ended = Locked<[String]>([])

/// One launch of the app over the store file.
func launch() throws -> GraphQLEnvironment {
    var configuration = EnvironmentConfiguration()
    configuration.mutationQueue.observer = { event in
        let outcome: String
        switch event.outcome {
        case .replayed: outcome = "replayed"
        case .rejected: outcome = "rejected"
        case .expired: outcome = "expired"
        }
        ended.withLock { $0.append(outcome) }
    }
    return GraphQLEnvironment(
        schema: schema, store: Store(source: try SQLiteRecordSource(path: path)), transport: server,
        configuration: configuration)
}

func title(_ handle: Handle) -> String {
    guard case .string(let title)? = handle.phase.snapshot?.data?["post"]?["title"] else { return "-" }
    return title
}

// Launch 1: online long enough to load the post, then offline.
do {
    let environment = try launch()
    server.isOnline = true
    let screen = environment.attach(post, policy: .storeOrNetwork)
    _ = try await screen.loaded()
    print("launch 1: the screen shows \"\(title(screen))\" (requests: \(server.requests.count))")
    server.isOnline = false
    for draft in ["Second draft", "Third draft", "Final title"] {
        let rename = try document.operation(named: "Rename", variables: ["id": "p1", "title": .string(draft)])
        let outcome = try await environment.commit(
            rename, optimisticResponse: ["rename": ["__typename": "Post", "id": "p1", "title": .string(draft)]],
            queueing: .queueable())
        print("  offline: rename to \"\(draft)\": \(outcome.queued.map(String.init(describing:)) ?? "answered")")
    }
    print("  failures shown: 0, queued: \(environment.queuedMutations.count), the screen shows \"\(title(screen))\"")
    screen.release()
}

// Launch 2: a new environment over the same file, still offline.
let environment = try launch()
let screen = environment.attach(post, policy: .storeOrNetwork)
let requestsBefore = server.requests.count
print(
    "launch 2: the screen shows \"\(title(screen))\" before any request (queued: \(environment.queuedMutations.count), requests: \(server.requests.count - requestsBefore))"
)
server.isOnline = true
await environment.revalidate().finished()
let sent = Array(server.requests.dropFirst(requestsBefore))
print("  network back, revalidate(): requests \(sent), applied by the server: \(server.appliedCount)")
print("  the queue's observer was told: \(ended.withLock { $0 })")
print("  queued: \(environment.queuedMutations.count), the screen shows \"\(title(screen))\"")
screen.release()
SQLiteRecordSource.removeFiles(at: path)

guard sent == ["Rename", "Rename", "Rename"], server.appliedCount == 3, environment.queuedMutations.isEmpty,
    title(screen) == "Final title", ended.withLock({ $0 }) == ["replayed", "replayed", "replayed"]
else {
    print("offline-queue: the counts are not the expected ones")
    exit(1)
}
