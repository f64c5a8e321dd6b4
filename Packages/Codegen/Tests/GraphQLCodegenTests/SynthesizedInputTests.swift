import GraphQLCodegen
import Testing

@Suite("variables and input objects, coded by Swift")
struct SynthesizedInputTests {
    static let sdl = """
        type Query { posts(first: Int!, after: String, filter: Filter): [String] }
        input Filter { author: String, in: [String!] }
        """

    static func generated(_ access: CodegenConfiguration.AccessLevel) throws -> String {
        try CodeGenerator.generate(
            schema: CodegenSource(path: "schema.graphqls", text: Self.sdl),
            documents: [
                CodegenSource(
                    path: "P.graphql",
                    text:
                        "query P($first: Int!, $after: String, $filter: Filter) { posts(first: $first, after: $after, "
                        + "filter: $filter) }\nquery Q { posts(first: 1) }\n")
            ],
            configuration: CodegenConfiguration(accessLevel: access)
        ).map(\.contents).joined()
    }

    @Test("internal ones declare their members only: Swift writes the initializer, the coding keys and encode(to:)")
    func internalMembersOnly() throws {
        let file = try Self.generated(.internal)
        #expect(
            file.contains("    var first: Int\n")
                && file.contains("    var after: GraphQLNullable<String> = .absent\n"))
        #expect(file.contains("  var `in`: GraphQLNullable<[String]> = .absent\n"))
        #expect(file.contains("  struct Variables: Encodable, Sendable, Hashable {}\n"))
        #expect(!file.contains("CodingKeys") && !file.contains("func encode") && !file.contains("self.first = first"))
    }

    @Test("public ones keep a public initializer, since Swift's is internal, and leave the coding to Swift")
    func publicInitializer() throws {
        let file = try Self.generated(.public)
        #expect(
            file.contains(
                "    public init(\n      first: Int,\n      after: GraphQLNullable<String> = .absent,\n"
            ))
        #expect(file.contains("      self.first = first\n"))
        #expect(
            file.contains(
                "public init(author: GraphQLNullable<String> = .absent, `in`: GraphQLNullable<[String]> = .absent)"))
        #expect(file.contains("    public init() {}\n"))
        #expect(!file.contains("CodingKeys") && !file.contains("func encode"))
    }
}
