import GraphQLCodegen
import GraphQLCore
import Testing

@Suite("@semanticNonNull in generated code")
struct SemanticNonNullCodegenTests {
    static let document = CodegenSource(path: "U.graphql", text: "query U { user { name tags } }\n")

    static func generated(_ sdl: String) throws -> String {
        try #require(
            CodeGenerator.generate(
                schema: CodegenSource(path: "schema.graphqls", text: sdl), documents: [Self.document],
                configuration: CodegenConfiguration(accessLevel: .public)
            ).first
        ).contents
    }

    @Test("a field marked @semanticNonNull becomes a non-optional property, decoded as required; its list's items too")
    func nonOptionalProperty() throws {
        let file = try Self.generated(
            """
            type Query { user: User }
            type User { id: ID! name: String @semanticNonNull tags: [String] @semanticNonNull(levels: [0, 1]) }
            """)
        #expect(file.contains(#"public var name: String { __field() }"#))
        #expect(file.contains(#"public var tags: [String] { __field() }"#))
        #expect(file.contains(#""name:s tags:[s] "#))
        #expect(file.contains("a null there is a field error"))
    }

    @Test("without the directive the same schema generates the optionals it always did")
    func unchangedWithoutDirective() throws {
        let file = try Self.generated(
            """
            type Query { user: User }
            type User { id: ID! name: String tags: [String] }
            """)
        #expect(file.contains(#"public var name: String? { __field() }"#))
        #expect(file.contains(#"public var tags: [String?]? { __field() }"#))
        #expect(!file.contains("semanticNonNull"))
    }

    @Test("a generated non-optional property fails to decode a null with a typed error naming the path")
    func nullFailsTheDecode() throws {
        // What the generated decode does for a `@semanticNonNull` field: `decode`, not `decodeNullable`.
        struct User: Decodable {
            var name: String
        }
        struct Data: Decodable {
            var user: User?
        }
        #expect {
            try JSONValueDecoder().decode(Data.self, from: ["user": ["name": nil]])
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["user", "name"]
        }
    }
}
