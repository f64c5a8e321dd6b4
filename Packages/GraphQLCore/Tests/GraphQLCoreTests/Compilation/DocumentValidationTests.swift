import GraphQLCore
import Testing

@Suite("Compilation-Validation")
struct DocumentValidationTests {
    typealias F = CompilationFixtures

    @Test("with a schema an invalid document is rejected with the validation error, rule and location")
    func oneError() throws {
        #expect {
            try F.compile("query {\n  viewer { nickname }\n}")
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .validation && error.rule == "FieldsOnCorrectTypeRule"
                && error.locations == [SourceLocation(line: 2, column: 12)]
        }
    }

    @Test("several validation errors come as one error that lists each of them")
    func severalErrors() throws {
        #expect {
            try F.compile("query ($unused: Int) {\n  viewer { nickname }\n  nope\n}")
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            let lines = error.message.split(separator: "\n")
            return error.code == .validation && lines.first == "3 errors:" && lines.count == 4
                && error.locations.count == 3
        }
    }

    @Test("without a schema the same document compiles")
    func withoutSchemaNoValidation() throws {
        let operation = try F.compile("query {\n  viewer { nickname }\n}", withSchema: false).operation()
        #expect(operation.text.contains("nickname"))
    }

    @Test("with a schema @cacheExpiration is a known directive, and a bad value is still refused")
    func cacheExpirationWithSchema() throws {
        #expect(
            try F.compile("query Q @cacheExpiration(seconds: 10) { viewer { name } }").operation().cacheExpiration
                == .seconds(10))
        #expect {
            try F.compile("query Q @cacheExpiration(seconds: 0) { viewer { name } }")
        } throws: { error in
            (error as? GraphQLCoreError)?.code == .invalidClientDirective
        }
    }

    @Test("a document of fragments alone compiles with a schema, and its fragments can be read")
    func fragmentsOnlyDocument() throws {
        let document = try F.compile("fragment Card on Post { title author { name } }")
        #expect(document.operationNames.isEmpty)
        #expect(try document.fragment(named: "Card").selectionSet.selections.count == 4)
        #expect {
            try F.compile("query { viewer { id } }\nfragment Card on Post { title }")
        } throws: { error in
            (error as? GraphQLCoreError)?.rule == "NoUnusedFragmentsRule"
        }
    }
}
