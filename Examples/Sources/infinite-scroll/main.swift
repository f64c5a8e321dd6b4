import Environment
import Foundation
import SchedulingTesting

// infinite-scroll: a feed screen paged through a `@connection` list against an in-process server with
// 1,000 posts, its query generated from `Feed.graphql`. It loads three pages of 20 (one request each),
// another user edits a post, the feed goes stale, and one `revalidate()` refreshes all 60 rows with one
// request: the request counts are printed at each step. `swift run --package-path Examples infinite-scroll`

// The same schema as `schema.graphqls`, which the code generator reads at build time.
let schema = try Schema(
    sdl: """
        type Query { feed(first: Int, after: String): PostConnection! }
        type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
        type PostEdge { cursor: String! node: Post! }
        type Post { id: ID! title: String! }
        type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
        """)

let server = PagedFeedServer()
let clock = ManualWallClock()
let environment = GraphQLEnvironment(schema: schema, transport: server, clock: clock)

func say(_ line: String) { print(line) }

func rows(_ feed: TypedPagedHandle<FeedQuery.Data>) -> [String] {
    feed.data?.feed.edges.map(\.node.title) ?? []
}

/// Says what the screen shows and what was sent so far.
func report(_ step: String, _ feed: TypedPagedHandle<FeedQuery.Data>) {
    let shown = rows(feed)
    let last = server.requests.last.map { variables in
        variables.keys.sorted().map { "\($0): \(variables[$0] ?? .null)" }.joined(separator: ", ")
    }
    say(step)
    say("  rows: \(shown.count) (\(shown.first ?? "-") ... \(shown.last ?? "-"))   hasNext: \(feed.hasNext)")
    say("  requests: \(server.requests.count)   last sent: \(last ?? "-")")
}

// `FeedQuery` is generated from `Feed.graphql`: the paged handle's data is `FeedQuery.Data`, the
// whole list so far, decoded once per change.
let feed = try environment.attachPaged(FeedQuery(first: 20))
_ = try await feed.typed.loaded()
report("attach Feed (first: 20)", feed)
for _ in 1...2 {
    try await feed.loadNext(20)
    report("loadNext(20), as the last row scrolls into view", feed)
}
let pages = server.requests.count

server.retitle(2, to: "Post 2, edited by another user")
clock.advance(by: .seconds(301))
say("another user edits post 2; five minutes pass and the feed is stale")
let batch = environment.revalidate()
await batch.finished()
report("revalidate() on return to the foreground: \(batch.started) operation refreshed", feed)
say("  row 2 now: \(rows(feed).dropFirst().first ?? "-")")

let revalidation = server.requests.count - pages
let shown = rows(feed).count
feed.release()
say("")
say("\(pages) requests for 3 pages; \(revalidation) request to refresh all \(shown) rows")
// The example is also a check: CI runs it, and a wrong count fails the run.
guard pages == 3, revalidation == 1, shown == 60, server.requests.last?["first"] == 60 else {
    FileHandle.standardError.write(Data("infinite-scroll: the request counts are not as documented\n".utf8))
    exit(1)
}
