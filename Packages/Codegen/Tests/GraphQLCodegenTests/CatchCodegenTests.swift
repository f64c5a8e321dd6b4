import GraphQLCodegen
import GraphQLCore
import Testing

@Suite("@catch in generated code")
struct CatchCodegenTests {
    static let sdl = """
        type Query { user: User }
        type User { id: ID! name: String @semanticNonNull nick: String tags: [String] @semanticNonNull(levels: [0, 1]) }
        """

    static func generated(_ text: String) throws -> String {
        try #require(
            CodeGenerator.generate(
                schema: CodegenSource(path: "schema.graphqls", text: Self.sdl),
                documents: [CodegenSource(path: "U.graphql", text: text)],
                configuration: CodegenConfiguration(accessLevel: .public)
            ).first
        ).contents
    }

    @Test(
        "@catch makes a Result of the semantic type, @catch(to: NULL) an optional, each read from what decoding caught")
    func fieldLevel() throws {
        let file = try Self.generated(
            "query U { user { name @catch nick @catch(to: RESULT) tags @catch(to: NULL) } }\n")
        #expect(file.contains("public var name: Result<String, FieldError> { __caught() }\n"))
        #expect(file.contains("public var nick: Result<String?, FieldError> { __caught() }\n"))
        #expect(file.contains("public var tags: [String]? { __caughtOrNil() }\n"))
        // The field table marks the caught fields; NULL takes a `null` too.
        #expect(file.contains("!name:s") && !file.contains("!name:s?"))
        #expect(file.contains("!nick:s?"))
        #expect(file.contains("!tags:[s]?"))
        // Not sent: the server never sees the client's directive.
        #expect(!file.contains("name @catch") && !file.contains("tags @catch"))
        #expect(!file.contains("clientText"))
        // The fields the compiler adds are never caught (and are in the table, not properties).
        #expect(file.contains(" ?id:s?") && !file.contains("var id:"))
        #expect(!file.contains("!id:") && !file.contains("!?id:"))
    }

    @Test("an operation's @catch is its fields' default; a fragment's is its own fields' default, not the spreader's")
    func definitionDefaults() throws {
        let file = try Self.generated(
            """
            query U @catch(to: NULL) { user { nick ...Names } }
            fragment Names on User @catch { name }
            """)
        // In the operation: `user`, `nick` take NULL; `name`, from the fragment, takes the fragment's RESULT.
        #expect(file.contains("public var user: User? { __caughtOrNil() }\n"))
        #expect(file.contains("public var nick: String? { __caughtOrNil() }\n"))
        #expect(file.contains("!nick:s?"))
        #expect(file.components(separatedBy: "public var name: Result<String, FieldError> { __caught() }\n").count == 3)
    }

    @Test("without @catch the same document generates no caught property")
    func unchanged() throws {
        let file = try Self.generated("query U { user { name nick } }\n")
        #expect(!file.contains("FieldError"))
        #expect(!file.contains("__caught") && !file.contains("!name:") && !file.contains("!nick:"))
    }

    @Test("a @catch the validation refuses is a diagnostic at its place")
    func invalid() throws {
        #expect {
            try Self.generated("query U {\n  user { name @catch(to: THROW) }\n}\n")
        } throws: { error in
            guard let error = error as? CodegenError, error.code == .invalidDocument else { return false }
            return error.diagnostics.contains { $0.line == 2 && $0.message.contains("must be RESULT or NULL") }
        }
    }
}
