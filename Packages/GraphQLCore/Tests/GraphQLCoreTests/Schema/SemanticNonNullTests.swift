import Testing

@testable import GraphQLCore

@Suite("@semanticNonNull in a schema")
struct SemanticNonNullTests {
    static let sdl = """
        type Query {
          plain: String
          name: String @semanticNonNull
          tags: [String] @semanticNonNull(levels: [0, 1])
          items: [String] @semanticNonNull(levels: [1])
          one: [String] @semanticNonNull(levels: 1)
          strict: String!
        }
        """

    @Test("the levels are read from the schema, [0] by default, and make the semantic type non-null there")
    func levels() throws {
        let schema = try Schema(sdl: Self.sdl)
        #expect(schema.field("plain", on: "Query")?.semanticNonNullLevels == [])
        #expect(schema.field("plain", on: "Query")?.semanticType == .named("String"))
        #expect(schema.field("name", on: "Query")?.semanticNonNullLevels == [0])
        #expect(schema.field("name", on: "Query")?.semanticType == .nonNull(.named("String")))
        #expect(schema.field("name", on: "Query")?.type == .named("String"))
        #expect(schema.field("tags", on: "Query")?.semanticType == .nonNull(.list(.nonNull(.named("String")))))
        #expect(schema.field("items", on: "Query")?.semanticType == .list(.nonNull(.named("String"))))
        #expect(schema.field("one", on: "Query")?.semanticType == .list(.nonNull(.named("String"))))
        #expect(schema.field("strict", on: "Query")?.semanticType == .nonNull(.named("String")))
    }

    @Test(
        "a misapplied @semanticNonNull is a located schema error",
        arguments: [
            ("type Extra { a: String @semanticNonNull(levels: \"0\") }", "expects type '[Int!]'"),
            ("type Extra { a: String @semanticNonNull(depth: 0) }", "Unknown argument 'depth'"),
            ("type Extra @semanticNonNull { a: String }", "may not be used on object"),
        ])
    func misapplied(extra: String, message: String) throws {
        #expect {
            try Schema(sdl: "type Query { a: String }\n" + extra)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidSchema && error.message.contains(message)
        }
    }
}
