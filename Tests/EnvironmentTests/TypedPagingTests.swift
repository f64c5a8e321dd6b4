import EventLogTesting
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// A generated operation with a `@connection` list, paged through a typed paged handle.
@Suite("Typed paging", .timeLimit(.minutes(3)))
struct TypedPagingTests {
    /// What `graphql-codegen` makes of
    /// `query Feed($first: Int!, $after: String) { feed(first: $first, after: $after) @connection(key: "Feed_feed") { ... } }`:
    /// the sent text without `@connection`, the client text with it (the Data written by hand).
    struct FeedQuery: GraphQLTypedOperation {
        static let operationName = "Feed"
        static let operationKind = OperationKind.query
        static let text =
            "query Feed($first:Int!$after:String){feed(first:$first after:$after){edges{cursor node{title __typename id}"
            + "__typename}pageInfo{hasNextPage endCursor hasPreviousPage startCursor __typename}__typename}}"
        static let textDigest = DocumentDigest.sha256Hex(text)
        static let clientText: String? = text.replacingOccurrences(
            of: "feed(first:$first after:$after){",
            with: "feed(first:$first after:$after)@connection(key:\"Feed_feed\"){")

        struct Variables: Encodable, Sendable, Hashable {
            var first: Int
            var after: GraphQLNullable<String>
        }
        struct Data: Decodable, Sendable, Hashable {
            struct Feed: Decodable, Sendable, Hashable {
                struct Edge: Decodable, Sendable, Hashable {
                    struct Node: Decodable, Sendable, Hashable { var title: String }
                    var cursor: String
                    var node: Node
                }
                var edges: [Edge]
            }
            var feed: Feed
        }

        var variables: Variables
        init(first: Int) { variables = Variables(first: first, after: .null) }
    }

    /// The same operation generated without `@connection`: nothing to page.
    struct PlainFeedQuery: GraphQLTypedOperation {
        static let operationName = "Feed"
        static let operationKind = OperationKind.query
        static let text = FeedQuery.text
        static let textDigest = FeedQuery.textDigest
        typealias Variables = FeedQuery.Variables
        typealias Data = FeedQuery.Data
        var variables: Variables
    }

    static func titles(_ data: FeedQuery.Data?) -> [String] { data?.feed.edges.map(\.node.title) ?? [] }

    @Test("the client text keeps @connection and sends the generated text, so the typed list pages")
    func pages() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            schema: PaginationTests.schema, transport: transport, clock: ManualWallClock(), log: InMemoryEventSink())
        transport.answerOnce(.operationName("Feed"), with: .data(PaginationTests.page(1...2)))
        transport.answerOnce(.operationName("Feed"), with: .data(PaginationTests.page(3...5)))
        let paged = try environment.attachPaged(FeedQuery(first: 2))
        #expect(Self.titles(try await paged.typed.loaded()) == ["Post 1", "Post 2"])
        #expect(paged.hasNext && !paged.hasPrevious)

        let afterPage = try await paged.loadNext(3)
        #expect(Self.titles(afterPage) == (1...5).map { "Post \($0)" })
        #expect(Self.titles(paged.data) == (1...5).map { "Post \($0)" })
        #expect(transport.requestCount == 2)
        #expect(transport.requests.allSatisfy { $0.text == FeedQuery.text })
        #expect(transport.requests[1].variables["first"] == 3 && transport.requests[1].variables["after"] == "c2")
        paged.release()
        #expect(paged.typed.isReleased)
    }

    @Test("an operation generated without a client text has no connection to page: notPaged, unsent")
    func withoutClientText() throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            schema: PaginationTests.schema, transport: transport, clock: ManualWallClock(), log: InMemoryEventSink())
        #expect {
            try environment.attachPaged(PlainFeedQuery(variables: .init(first: 2, after: .null)))
        } throws: { ($0 as? HandleError)?.code == .notPaged }
        #expect(transport.requestCount == 0)
    }
}
