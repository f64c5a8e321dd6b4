import GraphQLCodegen
import GraphQLCore
import Testing

@Suite("client text")
struct ClientTextTests {
    static let schema = CodegenSource(
        path: "schema.graphqls",
        text: """
            type Query { feed(first: Int, after: String): PostConnection!, title: String }
            type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
            type PostEdge { cursor: String! node: Post! }
            type Post { id: ID! title: String! }
            type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
            """)

    @Test("an operation with @connection gets a client text that keeps it; one without gets none")
    func clientText() throws {
        let files = try CodeGenerator.generate(
            schema: Self.schema,
            documents: [
                CodegenSource(
                    path: "Feed.graphql",
                    text: """
                        query Feed($first: Int!, $after: String) {
                          feed(first: $first, after: $after) @connection(key: "Feed_feed") {
                            edges { cursor node { title } }
                            pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
                          }
                        }
                        query Title { title }
                        """)
            ],
            configuration: CodegenConfiguration())
        let feed = try #require(files.first { $0.name == "Feed.graphql.swift" }).contents
        #expect(feed.components(separatedBy: "static let clientText: String? = \"\"\"").count == 2)
        #expect(feed.contains("@connection(key:\\\"Feed_feed\\\")"))
        // The client text is the sent text with the directive: the generated text has none.
        let textStart = try #require(feed.range(of: "static let text = \"\"\""))
        let clientStart = try #require(feed.range(of: "static let clientText"))
        #expect(!feed[textStart.upperBound..<clientStart.lowerBound].contains("@connection"))
    }
}
