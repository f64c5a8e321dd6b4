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
}
