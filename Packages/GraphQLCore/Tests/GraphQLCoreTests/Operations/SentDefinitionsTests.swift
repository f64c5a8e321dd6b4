import GraphQLCore
import Testing

@Suite("sent definitions")
struct SentDefinitionsTests {
    static let schema = try! Schema(
        sdl: """
            interface Node { id: ID! }
            type Query { viewer: User, node(id: ID!): Node }
            type User implements Node { id: ID!, name: String }
            """)

    @Test("the sent text of each operation is the text the compiled operation sends")
    func sameText() throws {
        let text = """
            query A($id: ID!) @cacheExpiration(seconds: 5) { node(id: $id) { ...Bits } }
            query B { viewer { name } }
            fragment Bits on User { name }
            """
        let compiled = try CompiledDocument(text: text, schema: Self.schema)
        let sent = try compiled.sentDefinitions()
        #expect(sent.operations.map(\.name) == ["A", "B"])
        #expect(sent.fragments.map(\.name) == ["Bits"])
        #expect(
            CompiledDocument.sentText(of: sent.operations[0], in: sent)
                == (try compiled.operation(named: "A", variables: ["id": "u1"]).text))
        #expect(
            CompiledDocument.sentText(of: sent.operations[1], in: sent) == (try compiled.operation(named: "B").text))
    }

    @Test("written nodes keep their locations and the added ones have none")
    func locations() throws {
        let sent = try CompiledDocument(text: "query B {\n  viewer {\n    name\n  }\n}", schema: Self.schema)
            .sentDefinitions()
        guard case .field(let viewer) = sent.operations[0].selectionSet.selections[0] else {
            Issue.record("no viewer field")
            return
        }
        let fields = viewer.selectionSet?.selections.compactMap { selection -> Field? in
            if case .field(let field) = selection { return field }
            return nil
        }
        #expect(fields?.map(\.name) == ["name", "__typename", "id"])
        #expect(fields?.map(\.location.start.line) == [3, 0, 0])
    }

    @Test("kept client directives compile again to the same sent text, with the connection and expiration kept")
    func clientDirectivesKept() throws {
        let schema = try Schema(
            sdl: """
                type Query { feed(first: Int, after: String): PostConnection! }
                type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
                type PostEdge { cursor: String! node: Post! }
                type Post { id: ID! title: String! }
                type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
                """)
        let text = """
            query Feed($first: Int!, $after: String) @cacheExpiration(seconds: 30) {
              feed(first: $first, after: $after) @connection(key: "Feed_feed") { ...Page }
            }
            fragment Page on PostConnection {
              edges { cursor node { title } }
              pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
            }
            """
        let compiled = try CompiledDocument(text: text, schema: schema)
        let variables: JSONObject = ["first": 2, "after": nil]
        let original = try compiled.operation(named: "Feed", variables: variables)
        let kept = try compiled.sentDefinitions(keepingClientDirectives: true)
        let clientText = CompiledDocument.sentText(of: kept.operations[0], in: kept)
        #expect(clientText.contains(sent("@connection(key: \"Feed_feed\")")))
        #expect(clientText.contains(sent("@cacheExpiration(seconds: 30)")))
        #expect(!original.text.contains(sent("@connection")))

        let again = try CompiledDocument(text: clientText, schema: schema)
            .operation(named: "Feed", variables: variables)
        #expect(again.text == original.text)
        #expect(again.identity == original.identity)
        #expect(again.cacheExpiration == .seconds(30))
        guard case .field(let feed) = again.selectionSet.selections.first else {
            Issue.record("no feed field")
            return
        }
        #expect(feed.connection?.key == "Feed_feed")
    }
}
