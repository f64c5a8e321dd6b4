import Environment
import EventLogTesting
import Foundation
import GraphQLTestServer
import SchedulingTesting
import Testing

/// A paged handle against the graphql-core server's `feed`, a Relay connection over 1,000 posts:
/// pages through it, changes it between pages from another client, revalidates it as one request,
/// and meets a cursor the server rejects. Every request is counted.
@Suite("Pagination over real HTTP")
struct PaginationHTTPTests {
    static let sdl = """
        type Query {
          feed(first: Int, after: String, last: Int, before: String): PostConnection!
          latestPosts(offset: Int = 0, limit: Int!): [Post!]!
        }
        type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
        type PostEdge { cursor: String! node: Post! }
        type Post { id: ID! title: String! }
        type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
        type Mutation { createPost(title: String!): Post! deletePost(id: ID!): ID! renamePost(id: ID!, title: String!): Post! }
        """

    static let text = """
        query Feed($first: Int, $after: String, $last: Int, $before: String) {
          feed(first: $first, after: $after, last: $last, before: $before) @connection(key: "Feed_feed") {
            edges { cursor node { id title } }
            pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
          }
        }
        query Latest($offset: Int, $limit: Int!) {
          latestPosts(offset: $offset, limit: $limit) @connection(key: "Latest") { id title }
        }
        mutation CreatePost($title: String!) { createPost(title: $title) { id } }
        mutation DeletePost($id: ID!) { deletePost(id: $id) }
        mutation RenamePost($id: ID!, $title: String!) { renamePost(id: $id, title: $title) { id } }
        """

    /// The server's cursor for post `id`.
    static func cursor(_ id: String) -> JSONValue { .string(Data("post:\(id)".utf8).base64EncodedString()) }

    static func ids(_ paged: PagedHandle) -> [String] {
        paged.handle.phase.snapshot?.data?["feed"]?["edges"]?.arrayValue?.compactMap { $0["node"]?["id"]?.stringValue }
            ?? []
    }

    struct Setup {
        let server: LoopbackServer
        let schema: Schema
        let document: CompiledDocument
        let transport: CountingTransport
        let clock = ManualWallClock()
        let sink = InMemoryEventSink()
        let environment: GraphQLEnvironment

        init() async throws {
            server = try await LoopbackServer.start()
            schema = try Schema(sdl: PaginationHTTPTests.sdl)
            document = try CompiledDocument(text: PaginationHTTPTests.text, schema: schema)
            transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
            environment = GraphQLEnvironment(
                schema: schema, transport: transport, clock: clock, log: sink,
                configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60))))
        }

        /// Another client's mutation, sent around the environment.
        func otherClient(_ name: String, _ variables: JSONObject) async throws {
            let response = try await HTTPTransport(url: server.graphQLURL).response(
                for: try document.operation(named: name, variables: variables))
            #expect(response.errors.isEmpty, "\(name) failed on the server")
        }
    }

    @Test("three pages of 100, a change on the server, a fourth page, then one revalidation for all 400 edges")
    func pagesChangeRevalidate() async throws {
        let setup = try await Setup()
        defer { setup.server.stop() }
        let paged = try setup.environment.attachPaged(
            try setup.document.operation(named: "Feed", variables: ["first": 100]))
        _ = try await paged.handle.loaded()
        try await paged.loadNext(100)
        try await paged.loadNext(100)
        #expect(Self.ids(paged) == (1...300).map { "p\($0)" })
        #expect(paged.hasNext && !paged.hasPrevious)
        #expect(setup.transport.requestCount == 3)

        // Between pages, another client adds a post at the start, deletes one shown, renames one.
        try await setup.otherClient("CreatePost", ["title": "Newest"])
        try await setup.otherClient("DeletePost", ["id": "p150"])
        try await setup.otherClient("RenamePost", ["id": "p2", "title": "Post 2, edited"])

        // The next page follows the list's end cursor, which names a post that is still there.
        try await paged.loadNext(100)
        #expect(Self.ids(paged) == (1...400).map { "p\($0)" }, "the list shown is not refetched by a page")
        #expect(setup.transport.requestCount == 4)

        let recorder = PhaseRecorder(paged.handle)
        setup.clock.advance(by: .seconds(61))
        let batch = setup.environment.revalidate()
        #expect(batch.started == 1)
        await batch.finished()
        #expect(setup.transport.requestCount == 5, "one request for the whole list, not one per page")
        let expected = ["p1001"] + (1...400).filter { $0 != 150 }.map { "p\($0)" }
        #expect(Self.ids(paged) == expected)
        #expect(paged.edgeCount == 400)
        #expect(
            paged.handle.phase.snapshot?.data?["feed"]?["edges"]?.arrayValue?[2]["node"]?["title"] == "Post 2, edited")
        #expect(setup.sink.events.filter { $0.name == "fetchStarted" }.count == 5)
        paged.release()
        #expect(!(await recorder.finished()).contains { $0.isLoading }, "a revalidation never shows loading")
    }

    @Test("a cursor the server rejects is a typed page error; the list stays as it was and the next page works")
    func rejectedCursor() async throws {
        let setup = try await Setup()
        defer { setup.server.stop() }
        let paged = try setup.environment.attachPaged(
            try setup.document.operation(named: "Feed", variables: ["first": 10]))
        _ = try await paged.handle.loaded()
        try await paged.loadNext(10)
        // The post the list's end cursor names is deleted: the server rejects that cursor.
        try await setup.otherClient("DeletePost", ["id": "p20"])
        await #expect {
            try await paged.loadNext(10)
        } throws: { ($0 as? FetchError)?.code == .graphQLErrors }
        #expect(Self.ids(paged) == (1...20).map { "p\($0)" })
        #expect((paged.pageError as? FetchError)?.code == .graphQLErrors)
        #expect(!paged.isLoadingNext)
        #expect(setup.transport.requestCount == 3)

        // A refetch from the start takes the list as the server has it now; paging goes on from there.
        try await paged.handle.refetch()
        #expect(Self.ids(paged) == (1...21).filter { $0 != 20 }.map { "p\($0)" })
        try await paged.loadNext(10)
        #expect(Self.ids(paged) == (1...31).filter { $0 != 20 }.map { "p\($0)" })
        #expect(paged.pageError == nil)
        #expect(setup.transport.requestCount == 5)
        paged.release()
    }

    @Test("from the feed's end, loadPrevious prepends with last and before; loadNext at the end sends nothing")
    func fromTheEnd() async throws {
        let setup = try await Setup()
        defer { setup.server.stop() }
        let paged = try setup.environment.attachPaged(
            try setup.document.operation(named: "Feed", variables: ["last": 10]))
        _ = try await paged.handle.loaded()
        #expect(Self.ids(paged) == (991...1000).map { "p\($0)" })
        #expect(paged.hasPrevious && !paged.hasNext)
        try await paged.loadPrevious(5)
        try await paged.loadPrevious(5)
        #expect(Self.ids(paged) == (981...1000).map { "p\($0)" })
        try await paged.loadNext(10)
        #expect(setup.transport.requestCount == 3, "at the feed's end a loadNext sends nothing")

        // A paged root starts at an end of its list: one attached after a cursor is refused, unsent.
        #expect {
            try setup.environment.attachPaged(
                try setup.document.operation(named: "Feed", variables: ["first": 10, "after": Self.cursor("p500")]))
        } throws: { ($0 as? HandleError)?.code == .notPaged }
        #expect(setup.transport.requestCount == 3)
        paged.release()
    }

    @Test("an offset list: pages of 100, a post added at the start between pages, one revalidation for all")
    func offsetList() async throws {
        let setup = try await Setup()
        defer { setup.server.stop() }
        let paged = try setup.environment.attachPaged(
            try setup.document.operation(named: "Latest", variables: ["limit": 100]))
        _ = try await paged.handle.loaded()
        try await paged.loadNext(100)
        let ids = {
            paged.handle.phase.snapshot?.data?["latestPosts"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        #expect(ids() == (1...200).map { "p\($0)" })

        // A post added at the start shifts every position: the page at offset 200 begins with
        // p200, which the list holds and does not repeat.
        try await setup.otherClient("CreatePost", ["title": "Newest"])
        try await paged.loadNext(100)
        #expect(ids() == (1...299).map { "p\($0)" })
        #expect(setup.transport.requestCount == 3)

        setup.clock.advance(by: .seconds(61))
        let batch = setup.environment.revalidate()
        #expect(batch.started == 1)
        await batch.finished()
        #expect(setup.transport.requestCount == 4, "one request for every item shown")
        #expect(ids() == ["p1001"] + (1...298).map { "p\($0)" })
        paged.release()
    }
}
