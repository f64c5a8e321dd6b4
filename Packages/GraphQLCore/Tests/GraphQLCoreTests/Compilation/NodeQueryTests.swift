import Testing

@testable import GraphQLCore

@Suite("The node(id:) query of a fragment")
struct NodeQueryTests {
    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Feed { feed { id ...UserCell } }
                    fragment Avatar on User { picture @cacheExpiration(seconds: 60) }
                    fragment UserCell on User { name ...Avatar }
                    fragment Unrelated on User { id }
                    """)
        } catch {
            fatalError("the test document does not compile: \(error)")
        }
    }()

    @Test("the query spreads the fragment on node(id:) and carries it and what it spreads, as written")
    func text() throws {
        let text = try Self.document.nodeQueryText(forFragment: "UserCell")
        #expect(text.hasPrefix("query UserCellNode($id: ID!) { node(id: $id) { ...UserCell } }\n"))
        #expect(text.contains("fragment UserCell on User"))
        #expect(text.contains("fragment Avatar on User"))
        #expect(text.contains("@cacheExpiration(seconds: 60)"))
        #expect(!text.contains("Unrelated"))
        #expect(!text.contains("query Feed"))
        // It compiles on its own, to the selections the fragment reads.
        let operation = try CompiledDocument(text: text).operation(variables: ["id": "1"])
        #expect(operation.name == "UserCellNode")
    }

    @Test("a fragment the document does not define is unknownFragment")
    func unknown() {
        #expect {
            try Self.document.nodeQueryText(forFragment: "Missing")
        } throws: { error in
            (error as? GraphQLCoreError)?.code == .unknownFragment
        }
    }
}
