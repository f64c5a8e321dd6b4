import GraphQLCodegen
import Testing

@Suite("memberwise initializers")
struct MemberwiseInitTests {
    static let schema = CodegenSource(
        path: "schema.graphqls", text: "type Query { user: User }\ntype User { id: ID!, name: String }\n")
    static let document = CodegenSource(path: "U.graphql", text: "query U { user { name } }\n")

    @Test("Data structs take every property at their access level, optionals defaulting to nil, __typename to the type")
    func everyAccessLevel() throws {
        let publicFile = try #require(
            CodeGenerator.generate(
                schema: Self.schema, documents: [Self.document],
                configuration: CodegenConfiguration(accessLevel: .public, memberwiseInitializers: true)
            ).first
        ).contents
        #expect(publicFile.contains("public init(user: User? = nil) {"))
        #expect(
            publicFile.contains("public init(name: String? = nil, __typename: String = \"User\", id: String? = nil) {"))
        let internalFile = try #require(
            CodeGenerator.generate(
                schema: Self.schema, documents: [Self.document],
                configuration: CodegenConfiguration(accessLevel: .internal, memberwiseInitializers: true)
            ).first
        ).contents
        #expect(internalFile.contains("\n    init(user: User? = nil) {"))
        #expect(
            internalFile.contains(
                "\n    init(name: String? = nil, __typename: String = \"User\", id: String? = nil) {"))
        #expect(!internalFile.contains("public init"))
    }

    @Test("without memberwiseInitializers a struct has only init(__data:), and an internal one not even that")
    func offByDefault() throws {
        let publicFile = try #require(
            CodeGenerator.generate(schema: Self.schema, documents: [Self.document]).first
        ).contents
        #expect(!publicFile.contains("public init(user:"))
        #expect(publicFile.contains("public init(__data: JSONObject) { self.__data = __data }"))
        let internalFile = try #require(
            CodeGenerator.generate(
                schema: Self.schema, documents: [Self.document],
                configuration: CodegenConfiguration(accessLevel: .internal)
            ).first
        ).contents
        #expect(!internalFile.contains("init(__data") && !internalFile.contains("init(name"))
    }
}
