import Environment
import EventLogTesting
import Foundation
import SchedulingTesting

// feed-app: one screen's lifetime against an in-process server: attach, loaded, the clock moves past
// the feed's expiration, the app comes back to the foreground and calls revalidate(), the refetched
// data arrives, the screen goes away, and garbage collection takes its records. Then the event log,
// as JSON lines. `swift run --package-path Examples feed-app`
//
// With `--store PATH` it is instead one launch over a store kept in the SQLite file at PATH; run it
// twice and the second launch shows the feed from the file with 0 requests (StoreLaunch.swift).

// The same schema as `schema.graphqls`, which the code generator reads at build time.
let schema = try Schema(
    sdl: """
        type Query { feed: [Post!]! }
        type Post { id: ID! title: String! author: Author! }
        type Author { id: ID! name: String! }
        """)
// `FeedQuery` is generated from `Feed.graphql` by GraphQLCodegenPlugin at build time: attaching it
// gives a handle whose phase carries `FeedQuery.Data`.
let feed = FeedQuery()

// Decided before anything else is made, so that without `--store` the main job runs exactly as it
// always has, over the in-memory store.
if let path = storePath(in: CommandLine.arguments) {
    try await launchOverStore(at: path, schema: schema, feed: feed)
    exit(0)
}

let server = FeedServer()
let clock = ManualWallClock()
let events = InMemoryEventSink()
let environment = GraphQLEnvironment(
    schema: schema, transport: server, clock: clock, log: events,
    configuration: EnvironmentConfiguration(releaseBufferSize: 0))

/// Writes a line to standard output through the same unbuffered handle the event log's sink writes to,
/// so that the two stay in order (`print` buffers; flushing C's `stdout` is not concurrency-safe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func show(_ handle: TypedHandle<FeedQuery.Data>) {
    for post in handle.data?.feed ?? [] { say("    - \(post.title) by \(post.author.name)") }
}

/// Attaches `feed` (`storeOrNetwork`), says its phase at once and once loaded, with the requests and
/// records so far, and shows the posts.
func attachAndShow(
    _ feed: FeedQuery, in environment: GraphQLEnvironment, server: FeedServer
) async throws -> TypedHandle<FeedQuery.Data> {
    say("attach Feed (storeOrNetwork)")
    let screen = try environment.attach(feed)
    say("  phase: \(screen.phase)")
    _ = try await screen.loaded()
    say("  phase: \(screen.phase)   requests: \(server.requestCount)   records: \(environment.store.recordCount)")
    show(screen)
    return screen
}

/// Releases the screen and says what the garbage collection that the release starts (coalesced with
/// any other release) did, from its counts in the event log, and how many requests were made in all.
func releaseAndCollect(_ screen: TypedHandle<FeedQuery.Data>, events: InMemoryEventSink, server: FeedServer)
    async throws
{
    say("release the screen")
    let mark = events.mark()
    screen.release()
    if case .collected(let removed, let kept, let roots) = try await events.nextEvent(
        after: mark, where: { $0.name == "collected" })
    {
        say("  garbage collection removed \(removed) records, kept \(kept), from \(roots) retained roots")
    }
    say("  requests in all: \(server.requestCount)")
}

let screen = try await attachAndShow(feed, in: environment, server: server)

say("revalidate() while fresh")
await environment.revalidate().finished()
say("  requests: \(server.requestCount) (fresh data is left alone)")

server.publishVersion(2)
clock.advance(by: .seconds(301))
say("clock advanced 301 s past the 300 s expiration; the app returns to the foreground: revalidate()")
let batch = environment.revalidate()
say("  started \(batch.started) fetch, phase while refetching: \(screen.phase)")
await batch.finished()
say("  phase: \(screen.phase)   requests: \(server.requestCount)")
show(screen)

try await releaseAndCollect(screen, events: events, server: server)

say("event log (JSON lines):")
let lines = JSONLinesEventSink(fileHandle: .standardOutput)
for event in events.events { lines.record(event) }
