import EventLogTesting
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// A paged handle over a scripted transport: pages merged into one list, one request per page,
/// joins, failures that keep the list, and a paged root revalidated as one request.
@Suite("Pagination through a paged handle")
struct PaginationTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query {
                      feed(first: Int, after: String, last: Int, before: String, topic: String): PostConnection!
                      title: String
                    }
                    type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
                    type PostEdge { cursor: String! node: Post! }
                    type Post { id: ID! title: String! }
                    type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Feed($first: Int!, $after: String, $last: Int, $before: String) {
                      feed(first: $first, after: $after, last: $last, before: $before) @connection(key: "Feed_feed") {
                        edges { cursor node { title } }
                        pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
                      }
                    }
                    query Title { title }
                    query Literal { feed(first: 2) @connection(key: "Feed_feed") {
                      edges { cursor node { title } } pageInfo { hasNextPage endCursor hasPreviousPage startCursor } } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    /// The page of posts `range` out of 1...`total`, with the cursors `c<n>`.
    static func page(_ range: ClosedRange<Int>, total: Int = 100) -> JSONValue {
        let edges: [JSONValue] = range.map { id in
            [
                "__typename": "PostEdge", "cursor": .string("c\(id)"),
                "node": ["__typename": "Post", "id": .string("p\(id)"), "title": .string("Post \(id)")],
            ]
        }
        return [
            "feed": [
                "__typename": "PostConnection", "edges": .array(edges),
                "pageInfo": [
                    "__typename": "PageInfo", "hasNextPage": .bool(range.upperBound < total),
                    "endCursor": .string("c\(range.upperBound)"), "hasPreviousPage": .bool(range.lowerBound > 1),
                    "startCursor": .string("c\(range.lowerBound)"),
                ],
            ]
        ]
    }

    struct Setup {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let sink = InMemoryEventSink()
        let environment: GraphQLEnvironment

        init() {
            environment = GraphQLEnvironment(
                schema: PaginationTests.schema, transport: transport, clock: clock, log: sink,
                configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60))))
        }

        /// The next request for `Feed` answers `data`.
        func nextFeed(_ data: JSONValue) { transport.answerOnce(.operationName("Feed"), with: .data(data)) }

        func events(named name: String) -> [Event] { sink.events.filter { $0.name == name } }
    }

    static func titles(_ handle: Handle) -> [String] {
        handle.phase.snapshot?.data?["feed"]?["edges"]?.arrayValue?.compactMap { $0["node"]?["title"]?.stringValue }
            ?? []
    }

    static func pagedFeed(_ setup: Setup, first: Int = 2, policy: FetchPolicy = .storeOrNetwork) async throws
        -> PagedHandle
    {
        let paged = try setup.environment.attachPaged(
            try document.operation(named: "Feed", variables: ["first": .int(first)]), policy: policy)
        _ = try await paged.handle.loaded()
        return paged
    }

    @Test("three pages: one request each, after the list's end cursor, merged into one list")
    func threePages() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2))
        setup.nextFeed(Self.page(3...4))
        setup.nextFeed(Self.page(5...7))
        let paged = try await Self.pagedFeed(setup)
        #expect(paged.hasNext && !paged.hasPrevious)
        try await paged.loadNext(2)
        try await paged.loadNext(3)
        #expect(Self.titles(paged.handle) == (1...7).map { "Post \($0)" })
        #expect(paged.edgeCount == 7)
        #expect(setup.transport.requestCount == 3)
        let variables = setup.transport.requests.map(\.variables)
        #expect(variables[1]["first"] == 2 && variables[1]["after"] == "c2")
        #expect(variables[2]["first"] == 3 && variables[2]["after"] == "c4")
        #expect(setup.events(named: "fetchStarted").count == 3)
        #expect(!paged.isLoadingNext)
        #expect(paged.pageError == nil)
        paged.release()
    }

    @Test("a stale paged root is revalidated with one request for every edge shown, and never shows loading")
    func revalidationIsOneRequest() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2))
        setup.nextFeed(Self.page(3...4))
        setup.nextFeed(Self.page(5...6))
        let paged = try await Self.pagedFeed(setup)
        try await paged.loadNext(2)
        try await paged.loadNext(2)
        let recorder = PhaseRecorder(paged.handle)

        setup.clock.advance(by: .seconds(61))
        var refreshed = Self.page(1...6)
        refreshed = try Self.retitled(refreshed, index: 0, to: "Post 1, edited")
        setup.nextFeed(refreshed)
        let batch = setup.environment.revalidate()
        #expect(batch.started == 1)
        await batch.finished()
        #expect(setup.transport.requestCount == 4)
        #expect(setup.transport.requests[3].variables["first"] == 6)
        #expect(
            setup.transport.requests[3].variables["after"] == nil
                || setup.transport.requests[3].variables["after"] == .null)
        #expect(Self.titles(paged.handle) == ["Post 1, edited"] + (2...6).map { "Post \($0)" })
        paged.release()
        #expect(!(await recorder.finished()).contains { $0.isLoading })
    }

    @Test("a refetch of the first page keeps the merged list: it asks for every edge shown")
    func refetchKeepsMerge() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2))
        setup.nextFeed(Self.page(3...4))
        setup.nextFeed(Self.page(1...4))
        let paged = try await Self.pagedFeed(setup)
        try await paged.loadNext(2)
        try await paged.handle.refetch()
        #expect(Self.titles(paged.handle).count == 4)
        #expect(setup.transport.requests.map { $0.variables["first"] } == [2, 2, 4])
        paged.release()
    }

    @Test("a loadNext while one is in flight joins it: one request")
    func concurrentLoadsJoin() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2))
        let paged = try await Self.pagedFeed(setup)
        setup.transport.hold(.operationName("Feed"))
        setup.nextFeed(Self.page(3...4))
        let first = Task { try await paged.loadNext(2) }
        _ = await setup.transport.request(at: 1)
        #expect(paged.isLoadingNext)
        let second = Task { try await paged.loadNext(2) }
        // The first page is held, so the second call can only join it; wait until it has.
        await paged.passed(.joined, times: 1)
        #expect(paged.joinCount == 1)
        setup.transport.releaseAll()
        try await first.value
        try await second.value
        #expect(setup.transport.requestCount == 2)
        #expect(Self.titles(paged.handle).count == 4)
        paged.release()
    }

    @Test("a loadNext while the root is refetched waits for that fetch and pages from the end it leaves")
    func loadNextWaitsForRootFetch() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2))
        setup.nextFeed(Self.page(3...4))
        let paged = try await Self.pagedFeed(setup)
        try await paged.loadNext(2)
        setup.clock.advance(by: .seconds(61))
        setup.transport.hold(.operationName("Feed"))
        // A post was added at the start on the server: the refetched list ends at c3, not c4.
        setup.nextFeed(Self.page(0...3))
        setup.nextFeed(Self.page(4...5))
        let batch = setup.environment.revalidate()
        #expect(batch.started == 1)
        _ = await setup.transport.request(at: 2)
        setup.transport.stopHolding(.operationName("Feed"))
        let page = Task { try await paged.loadNext(2) }
        await paged.passed(.waitsForRootFetch, times: 1)
        #expect(setup.transport.requestCount == 3, "no page is sent while the root's fetch is in flight")
        setup.transport.release(requestAt: 2)
        try await page.value
        await batch.finished()
        #expect(setup.transport.requestCount == 4)
        #expect(setup.transport.requests[3].variables["after"] == "c3")
        #expect(Self.titles(paged.handle) == (0...5).map { "Post \($0)" })
        #expect(paged.pageError == nil)
        paged.release()
    }

    @Test(
        "a revalidation while a page is in flight waits for the page and asks for every edge it left: the list never shrinks"
    )
    func revalidationWaitsForPage() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...20))
        let paged = try await Self.pagedFeed(setup, first: 20)
        let recorder = PhaseRecorder(paged.handle)
        setup.transport.hold(.operationName("Feed"))
        setup.nextFeed(Self.page(21...30))
        setup.nextFeed(Self.page(1...30))
        let page = Task { try await paged.loadNext(10) }
        _ = await setup.transport.request(at: 1)

        setup.clock.advance(by: .seconds(61))
        let batch = setup.environment.revalidate()
        #expect(batch.started == 1)
        #expect(setup.transport.requestCount == 2, "the revalidation is not sent while the page is in flight")
        setup.transport.stopHolding(.operationName("Feed"))
        setup.transport.release(requestAt: 1)
        try await page.value
        await batch.finished()
        #expect(setup.transport.requestCount == 3)
        #expect(setup.transport.requests[2].variables["first"] == 30)
        #expect(Self.titles(paged.handle) == (1...30).map { "Post \($0)" })
        paged.release()
        let counts = await recorder.finished().compactMap {
            $0.snapshot?.data?["feed"]?["edges"]?.arrayValue?.count
        }
        #expect(counts.first == 20 && counts.last == 30)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "edges shown: \(counts)")
    }

    enum BadPage: String, CaseIterable, CustomTestStringConvertible {
        case transportFails, serverRejectsCursor, contradictoryPageInfo
        var testDescription: String { rawValue }
    }

    @Test(
        "a failed page keeps every edge shown and surfaces a typed error; the next page works",
        arguments: BadPage.allCases)
    func failedPage(_ bad: BadPage) async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2))
        let paged = try await Self.pagedFeed(setup)
        let expected: FetchError.Code
        switch bad {
        case .transportFails:
            setup.transport.failOnce(.operationName("Feed"), with: TransportError(.cannotConnect, "offline"))
            expected = .transport
        case .serverRejectsCursor:
            setup.transport.answerOnce(
                .operationName("Feed"),
                with: .response(GraphQLResponse(data: nil, errors: [GraphQLServerError(message: "invalid cursor")])))
            expected = .graphQLErrors
        case .contradictoryPageInfo:
            var page = Self.page(3...4)
            page = try Self.replacingEndCursor(page)
            setup.nextFeed(page)
            expected = .invalidResponse
        }
        await #expect {
            try await paged.loadNext(2)
        } throws: { ($0 as? FetchError)?.code == expected }
        #expect(Self.titles(paged.handle) == ["Post 1", "Post 2"])
        #expect((paged.pageError as? FetchError)?.code == expected)
        #expect(!paged.isLoadingNext)

        setup.nextFeed(Self.page(3...4))
        try await paged.loadNext(2)
        #expect(Self.titles(paged.handle).count == 4)
        #expect(paged.pageError == nil)
        #expect(setup.transport.requestCount == 3)
        #expect(setup.events(named: "fetchFailed").count == 1)
        paged.release()
    }

    @Test("loadPrevious prepends the page before the list's start, with last and before")
    func previousPage() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(5...6))
        setup.nextFeed(Self.page(3...4))
        let paged = try await Self.pagedFeed(setup)
        #expect(paged.hasPrevious)
        try await paged.loadPrevious(2)
        #expect(Self.titles(paged.handle) == (3...6).map { "Post \($0)" })
        let request = setup.transport.requests[1]
        #expect(request.variables["last"] == 2 && request.variables["before"] == "c5")
        #expect(request.variables["first"] == .null && request.variables["after"] == .null)
        paged.release()
    }

    @Test("at the list's end, a storeOnly holder, a bad count: no request")
    func nothingToSend() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(1...2, total: 2))
        let paged = try await Self.pagedFeed(setup)
        #expect(!paged.hasNext)
        try await paged.loadNext(2)
        await #expect {
            try await paged.loadNext(0)
        } throws: { ($0 as? HandleError)?.code == .invalidPageCount }
        let storeOnly = try setup.environment.attachPaged(
            try Self.document.operation(named: "Feed", variables: ["first": 2]), policy: .storeOnly)
        await #expect {
            try await storeOnly.loadNext(2)
        } throws: { ($0 as? HandleError)?.code == .storeOnly }
        #expect(setup.transport.requestCount == 1)
        storeOnly.release()
        paged.release()
    }

    @Test("a storeOnly paged handle over a list with more pages says it has neither a next nor a previous page")
    func storeOnlySaysWhatTheStoreGives() async throws {
        let setup = Setup()
        setup.nextFeed(Self.page(3...4))
        let paged = try await Self.pagedFeed(setup)
        #expect(paged.hasNext && paged.hasPrevious)
        let storeOnly = try setup.environment.attachPaged(
            try Self.document.operation(named: "Feed", variables: ["first": 2]), policy: .storeOnly)
        _ = try await storeOnly.handle.loaded()
        #expect(storeOnly.edgeCount == 2)
        #expect(!storeOnly.hasNext && !storeOnly.hasPrevious)
        #expect(setup.transport.requestCount == 1)
        storeOnly.release()
        paged.release()
    }

    @Test("a forward-only feed whose PageInfo has only hasNextPage and endCursor pages forward and revalidates as one")
    func forwardOnlyPageInfo() async throws {
        let schema = try Schema(
            sdl: """
                type Query { feed(first: Int, after: String): PostConnection! }
                type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
                type PostEdge { cursor: String! node: Post! }
                type Post { id: ID! title: String! }
                type PageInfo { hasNextPage: Boolean! endCursor: String }
                """)
        let document = try CompiledDocument(
            text: """
                query Feed($first: Int!, $after: String) {
                  feed(first: $first, after: $after) @connection(key: "Feed_feed") {
                    edges { cursor node { title } }
                    pageInfo { hasNextPage endCursor }
                  }
                }
                """,
            schema: schema)
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let environment = GraphQLEnvironment(
            schema: schema, transport: transport, clock: clock,
            configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60))))
        // The feed's pages as a forward-only server sends them: no start of the page in pageInfo.
        func page(_ range: ClosedRange<Int>, total: Int = 100) throws -> JSONValue {
            guard case .object(var root) = Self.page(range, total: total), case .object(var feed)? = root["feed"] else {
                throw Unexpected()
            }
            feed["pageInfo"] = [
                "__typename": "PageInfo", "hasNextPage": .bool(range.upperBound < total),
                "endCursor": .string("c\(range.upperBound)"),
            ]
            root["feed"] = .object(feed)
            return .object(root)
        }
        for data in [try page(1...2), try page(3...4), try page(1...4)] {
            transport.answerOnce(.operationName("Feed"), with: .data(data))
        }
        let paged = try environment.attachPaged(try document.operation(named: "Feed", variables: ["first": 2]))
        _ = try await paged.handle.loaded()
        #expect(paged.hasNext && !paged.hasPrevious)
        try await paged.loadNext(2)
        #expect(Self.titles(paged.handle) == (1...4).map { "Post \($0)" })
        #expect(transport.requests[1].variables["after"] == "c2")
        try await paged.loadPrevious(2)
        #expect(transport.requestCount == 2, "a forward-only list has no previous page to ask for")

        clock.advance(by: .seconds(61))
        await environment.revalidate().finished()
        #expect(transport.requestCount == 3)
        #expect(transport.requests[2].variables["first"] == 4)
        #expect(Self.titles(paged.handle).count == 4)
        paged.release()
    }

    @Test("an operation without a connection, or with literal paging arguments, is not paged")
    func notPaged() throws {
        let setup = Setup()
        for name in ["Title", "Literal"] {
            #expect {
                try setup.environment.attachPaged(try Self.document.operation(named: name))
            } throws: { ($0 as? HandleError)?.code == .notPaged }
        }
        #expect(setup.transport.requestCount == 0)
    }

    // MARK: Editing pages

    static func retitled(_ page: JSONValue, index: Int, to title: String) throws -> JSONValue {
        guard case .object(var root) = page, case .object(var feed)? = root["feed"],
            case .array(var edges)? = feed["edges"], case .object(var edge) = edges[index],
            case .object(var node)? = edge["node"]
        else { throw Unexpected() }
        node["title"] = .string(title)
        edge["node"] = .object(node)
        edges[index] = .object(edge)
        feed["edges"] = .array(edges)
        root["feed"] = .object(feed)
        return .object(root)
    }

    static func replacingEndCursor(_ page: JSONValue) throws -> JSONValue {
        guard case .object(var root) = page, case .object(var feed)? = root["feed"],
            case .object(var info)? = feed["pageInfo"]
        else { throw Unexpected() }
        info["endCursor"] = .null
        info["hasNextPage"] = true
        feed["pageInfo"] = .object(info)
        root["feed"] = .object(feed)
        return .object(root)
    }

    struct Unexpected: Error {}
}
