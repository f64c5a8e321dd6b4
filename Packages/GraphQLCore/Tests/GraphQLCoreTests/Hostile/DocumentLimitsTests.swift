import Testing

@testable import GraphQLCore

/// Bounds on what a document may cost before anything looks at its meaning, and validation paid once.
@Suite("Document limits")
struct DocumentLimitsTests {
    @Test("a document of more than 100,000 tokens is a syntax error by default")
    func defaultTokenLimit() throws {
        #expect(ParseOptions().maxTokens == 100_000)
        // `{` + 99,998 fields + `}` is exactly at the limit.
        let atLimit = "{" + String(repeating: " a", count: 99_998) + " }"
        _ = try Document(parsing: atLimit)
        let over = "{" + String(repeating: " a", count: 99_999) + " }"
        #expect {
            try Document(parsing: over)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .syntax
                && error.message == "Syntax Error: Document contains more than 100000 tokens. Parsing aborted."
        }
        _ = try Document(parsing: over, options: ParseOptions(maxTokens: nil))
    }

    @Test("a schema's SDL parses without a token limit")
    func schemaHasNoTokenLimit() throws {
        var sdl = "type Query { f0: Int }\n"
        for index in 0..<25_000 { sdl += "type T\(index) { a: Int }\n" }
        let schema = try Schema(sdl: sdl)
        #expect(schema.type(named: "T24999") != nil)
    }

    static let schemaSDL = "type Query { version: Int user: User } type User { id: ID name: String }"

    @Test("a document the app validated is not validated again when compiled against the same schema")
    func validatedOnce() throws {
        let schema = try Schema(sdl: Self.schemaSDL)
        let document = try Document(parsing: "query Q { version user { name } }")
        #expect(validate(document, against: schema).isEmpty)
        #expect(schema.validatedDocuments.validations == 1)
        _ = try CompiledDocument(document: document, schema: schema)
        _ = try CompiledDocument(document: Document(parsing: "query Q { version user { name } }"), schema: schema)
        #expect(schema.validatedDocuments.validations == 1)

        // Another document, or the same one against another schema, is validated.
        _ = try CompiledDocument(document: Document(parsing: "query Q { version }"), schema: schema)
        #expect(schema.validatedDocuments.validations == 2)
        let other = try Schema(sdl: Self.schemaSDL)
        _ = try CompiledDocument(document: document, schema: other)
        #expect(other.validatedDocuments.validations == 1)
    }

    @Test("an invalid document is validated, and rejected, every time")
    func invalidEveryTime() throws {
        let schema = try Schema(sdl: Self.schemaSDL)
        let document = try Document(parsing: "query Q { nope }")
        #expect(validate(document, against: schema).count == 1)
        #expect(throws: GraphQLCoreError.self) { try CompiledDocument(document: document, schema: schema) }
        #expect(schema.validatedDocuments.validations == 2)
    }
}
