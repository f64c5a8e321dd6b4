import GraphQLCore
import Testing

@Suite("Compilation-KeyFieldTypeCases")
struct KeyFieldTypeCaseTests {
    typealias F = CompilationFixtures

    static func on(_ type: String, _ selections: [CompiledSelection]) -> CompiledSelection {
        .typeCase(CompiledTypeCase(typeCondition: type, possibleTypes: [type], selectionSet: .init(selections)))
    }

    static let searchArguments = [CompiledArgument(name: "text", value: .literal("a"))]

    @Test("a union selection gets a type case with the key fields for each member that has them")
    func unionMembersWithoutFragments() throws {
        let operation = try F.compile(#"{ search(text: "a") { __typename } }"#).operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "search", arguments: Self.searchArguments,
                    [F.leaf("__typename"), Self.on("Post", [F.leaf("id")]), Self.on("User", [F.leaf("id")])])
            ])
        #expect(
            operation.text
                == sent(
                    """
                    {
                      search(text: "a") {
                        __typename
                        ... on Post {
                          id
                        }
                        ... on User {
                          id
                        }
                      }
                    }
                    """))
    }

    @Test("a member with its own fragment keeps it, and the others get key-field type cases")
    func memberWithFragment() throws {
        let operation = try F.compile(#"{ search(text: "a") { ... on User { name } } }"#).operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "search", arguments: Self.searchArguments,
                    [
                        Self.on("User", [F.leaf("name"), F.leaf("id")]), F.leaf("__typename"),
                        Self.on("Post", [F.leaf("id")]),
                    ])
            ])
        #expect(!operation.text.contains(sent("... on Comment")))
        #expect(operation.text.components(separatedBy: sent("... on User")).count == 2)
    }

    @Test("a fragment on a union gets the key-field type cases too")
    func fragmentOnUnion() throws {
        let document = try F.compile(
            """
            query Q { search(text: "a") { ...R } }
            fragment R on SearchResult { __typename }
            """)
        let operation = try document.operation()
        #expect(
            operation.text.contains(sent("fragment R on SearchResult {\n  __typename\n  ... on Post {\n    id\n  }")))
    }

    @Test("an interface that has the key fields gets no type cases")
    func interfaceWithKeyFields() throws {
        let operation = try F.compile(#"{ node(id: "1") { __typename } }"#).operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "node", arguments: [CompiledArgument(name: "id", value: .literal("1"))],
                    [F.leaf("__typename"), F.leaf("id")])
            ])
    }

    @Test("per-type key fields are selected in their type's case")
    func perTypeKeyFields() throws {
        let options = CompilationOptions(keyFields: ["User": ["name"]])
        let operation = try F.compile(#"{ search(text: "a") { __typename } }"#, options: options).operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "search", arguments: Self.searchArguments,
                    [F.leaf("__typename"), Self.on("Post", [F.leaf("id")]), Self.on("User", [F.leaf("name")])])
            ])
    }
}
