import GraphQLCore
import Testing

@Suite("Compilation-RootTypes")
struct RootTypeTests {
    static let sdl = """
        schema { query: QueryRoot subscription: Events }
        type QueryRoot { me: Person }
        type Events { personChanged: Person }
        type Person { id: ID! name: String }
        """

    @Test("root types named by the schema definition are the operations' roots, and get nothing added")
    func customRootNames() throws {
        let schema = try Schema(document: Document(parsing: Self.sdl))
        let document = try CompiledDocument(
            text: """
                query Q { ...Me }
                subscription S { personChanged { name } }
                fragment Me on QueryRoot { me { name } }
                """, schema: schema)
        let query = try document.operation(named: "Q")
        #expect(query.rootTypeName == "QueryRoot")
        #expect(query.selectionSet.selections.count == 1)
        #expect(
            query.text.contains(sent("fragment Me on QueryRoot {\n  me {\n    name\n    __typename\n    id\n  }\n}")))
        let subscription = try document.operation(named: "S")
        #expect(subscription.kind == .subscription)
        #expect(subscription.rootTypeName == "Events")
        #expect(
            subscription.text.hasPrefix(sent("subscription S {\n  personChanged {\n    name\n    __typename\n    id\n"))
        )
    }

    @Test("a document without operations has no operation to make")
    func noOperations() throws {
        let document = try CompiledDocument(text: "fragment F on Person { name }")
        #expect {
            try document.operation()
        } throws: { error in
            (error as? GraphQLCoreError)?.code == .unknownOperation
        }
        #expect(try document.fragment(named: "F").possibleTypes == nil)
        #expect(try document.fragment(named: "F").matches(typename: "Person"))
    }
}
