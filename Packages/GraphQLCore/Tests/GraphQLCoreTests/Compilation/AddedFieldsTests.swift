import GraphQLCore
import Testing

@Suite("Compilation-AddedFields")
struct AddedFieldsTests {
    typealias F = CompilationFixtures

    @Test("__typename is added to every composite selection set but the root, and id where the type has one")
    func typenameAndIdAdded() throws {
        let operation = try F.compile("{ viewer { name posts { title } } comments { text } }").operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "viewer",
                    [
                        F.leaf("name"), F.object("posts", [F.leaf("title"), F.leaf("__typename"), F.leaf("id")]),
                        F.leaf("__typename"), F.leaf("id"),
                    ]),
                F.object("comments", [F.leaf("text"), F.leaf("__typename")]),
            ])
    }

    @Test("fields already selected are not added twice")
    func alreadySelectedNotDuplicated() throws {
        let operation = try F.compile("{ viewer { id __typename name } }").operation()
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("id"), F.leaf("__typename"), F.leaf("name")])
            ])
        #expect(!operation.text.contains(sent("__typename\n    id")))
    }

    @Test("id is added inside a type case when the union lacks it and the member has it")
    func idInsideUnionTypeCase() throws {
        let operation = try F.compile(#"{ search(text: "a") { ... on User { name } ... on Comment { text } } }"#)
            .operation()
        #expect(operation.text.contains(sent("... on User {\n      name\n      id\n    }")))
        #expect(operation.text.contains(sent("... on Comment {\n      text\n    }")))
    }

    @Test("an inline fragment under an interface with id gets no second id")
    func noIdInsideInterfaceTypeCase() throws {
        let operation = try F.compile(#"{ node(id: "1") { ... on Post { title } } }"#).operation()
        #expect(operation.text.contains(sent("... on Post {\n      title\n    }")))
    }

    @Test("key fields are configurable per type")
    func configurableKeyFields() throws {
        let options = CompilationOptions(keyFields: ["Product": ["sku"]])
        let operation = try F.compile(#"{ product(sku: "x") { name } viewer { name } }"#, options: options).operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "product", arguments: [CompiledArgument(name: "sku", value: .literal("x"))],
                    [F.leaf("name"), F.leaf("__typename"), F.leaf("sku")]),
                F.object("viewer", [F.leaf("name"), F.leaf("__typename"), F.leaf("id")]),
            ])
    }

    @Test("without a schema only __typename is added")
    func withoutSchemaOnlyTypename() throws {
        let operation = try F.compile("{ viewer { name } }", withSchema: false).operation()
        #expect(operation.selectionSet.selections == [F.object("viewer", [F.leaf("name"), F.leaf("__typename")])])
        #expect(operation.text == sent("{\n  viewer {\n    name\n    __typename\n  }\n}"))
    }

    @Test("a fragment on the query type adds nothing at the root")
    func rootFragmentAddsNothing() throws {
        let document = try F.compile(
            """
            query Q { ...Root }
            fragment Root on Query { viewer { name } }
            """)
        let operation = try document.operation()
        #expect(operation.selectionSet.selections.count == 1)
        #expect(
            operation.text.contains(
                sent("fragment Root on Query {\n  viewer {\n    name\n    __typename\n    id\n  }\n}")))
    }
}
