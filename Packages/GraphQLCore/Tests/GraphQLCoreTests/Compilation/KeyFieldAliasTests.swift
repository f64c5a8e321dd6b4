import GraphQLCore
import Testing

@Suite("Compilation-KeyFieldAliases")
struct KeyFieldAliasTests {
    typealias F = CompilationFixtures

    private func failure(
        _ text: String, withSchema: Bool = true, options: CompilationOptions = CompilationOptions()
    ) throws -> GraphQLCoreError {
        do {
            let document = try F.compile(text, withSchema: withSchema, options: options)
            _ = try document.operation()
        } catch let error as GraphQLCoreError {
            return error
        }
        throw GraphQLCoreError(.validation, "compiled without an error: \(text)")
    }

    @Test("an alias that takes a key field's name for another field is an error naming both and the type")
    func aliasOverKeyField() throws {
        let error = try failure("{ viewer { id: name } }")
        #expect(error.code == .keyFieldAlias)
        #expect(
            error.message
                == "The alias 'id' on field 'name' of type 'User' takes the name of the key field 'id', "
                + "which the store reads to identify the object; choose another alias.")
        #expect(error.locations == [SourceLocation(line: 1, column: 12)])
    }

    @Test("an alias that takes __typename's name for another field is an error, with or without a schema")
    func aliasOverTypename() throws {
        for withSchema in [true, false] {
            let error = try failure("{ viewer {\n  __typename: name } }", withSchema: withSchema)
            #expect(error.code == .keyFieldAlias)
            #expect(error.message.hasPrefix("The alias '__typename' on field 'name' of type '"))
            #expect(error.locations == [SourceLocation(line: 2, column: 3)])
        }
    }

    @Test("aliasing the key field or __typename to its own name compiles and adds no second copy")
    func aliasToItself() throws {
        let operation = try F.compile("{ viewer { id: id __typename: __typename name } }").operation()
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("id"), F.leaf("__typename"), F.leaf("name")])
            ])
    }

    @Test("an alias over a key field inside a fragment definition is found there")
    func aliasInFragment() throws {
        let error = try failure("{ viewer { ...F } }\nfragment F on User { name id: name }")
        #expect(error.code == .keyFieldAlias)
        #expect(error.locations == [SourceLocation(line: 2, column: 27)])
    }

    @Test("an alias over a key field inside an inline fragment on a union member is an error")
    func aliasInTypeCase() throws {
        let error = try failure(#"{ search(text: "a") { ... on Post { id: title } } }"#)
        #expect(error.code == .keyFieldAlias)
        #expect(error.message.contains("of type 'Post'"))
    }

    @Test("a configured key field is protected, and a type without the key field may use the name")
    func configuredKeyFields() throws {
        let options = CompilationOptions(keyFields: ["Product": ["sku"]])
        let error = try failure(#"{ product(sku: "a") { sku: name } }"#, options: options)
        #expect(error.code == .keyFieldAlias)
        #expect(error.message.contains("the key field 'sku'"))
        let operation = try F.compile(#"{ product(sku: "a") { id: name } comments { id: text } }"#, options: options)
            .operation()
        #expect(operation.text.contains(sent("id: name")))
        #expect(operation.text.contains(sent("id: text")))
    }

    @Test("without a schema key fields are unknown, so only __typename is protected")
    func noSchemaNoKeyFields() throws {
        let operation = try F.compile("{ viewer { id: name } }", withSchema: false).operation()
        #expect(operation.text.contains(sent("id: name")))
    }

    @Test("a key field selected only under @include or @skip is also added unconditionally")
    func conditionalKeyFieldStillAdded() throws {
        let operation = try F.compile(
            "query ($x: Boolean!) { viewer { id @include(if: $x) __typename @skip(if: $x) } }"
        )
        .operation(variables: ["x": false])
        guard case .field(let viewer)? = operation.selectionSet.selections.first else {
            Issue.record("no viewer field")
            return
        }
        let selections = viewer.selectionSet?.selections ?? []
        #expect(selections.contains(F.leaf("id")))
        #expect(selections.contains(F.leaf("__typename")))
        #expect(
            operation.text.contains(sent("id @include(if: $x)\n    __typename @skip(if: $x)\n    __typename\n    id\n"))
        )
    }

    @Test("on a root type only __typename is reserved: the root record is not keyed by a field")
    func rootType() throws {
        let schema = try Schema(document: Document(parsing: "type Query { id: ID name: String }"))
        let operation = try CompiledDocument(text: "{ id: name __typename }", schema: schema).operation()
        #expect(operation.text == sent("{\n  id: name\n  __typename\n}"))
        #expect {
            try CompiledDocument(text: "{ __typename: name }", schema: schema)
        } throws: { error in
            (error as? GraphQLCoreError)?.code == .keyFieldAlias
        }
    }
}
