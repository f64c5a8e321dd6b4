import GraphQLCodegen
import Testing

@Suite("the Upload scalar")
struct UploadScalarTests {
    static let schema = CodegenSource(
        path: "schema.graphqls",
        text: """
            scalar Upload
            type Query { ok: Boolean }
            type Received { size: Int! }
            input Attachment { label: String!, files: [Upload!]! }
            type Mutation { send(file: Upload!, attachment: Attachment): Received! }
            """)

    static let document = CodegenSource(
        path: "Send.graphql",
        text:
            "mutation Send($file: Upload!, $attachment: Attachment) {\n  send(file: $file, attachment: $attachment) {\n    size\n  }\n}\n"
    )

    @Test("maps to the runtime's Upload without configuration, in variables and in input objects")
    func mappedWithoutConfiguration() throws {
        let files = try CodeGenerator.generate(schema: Self.schema, documents: [Self.document])
        let all = files.map(\.contents).joined(separator: "\n")
        #expect(all.contains("public typealias Upload = GraphQLCore.Upload"))
        #expect(all.contains("GraphQLSchema.Upload"))
        #expect(all.contains("[GraphQLSchema.Upload]"))
    }

    @Test("a configuration that names Upload maps it to its own type")
    func renamed() throws {
        let files = try CodeGenerator.generate(
            schema: Self.schema, documents: [Self.document],
            configuration: CodegenConfiguration(scalars: ["Upload": "AppFile"]))
        let all = files.map(\.contents).joined(separator: "\n")
        #expect(all.contains("public typealias Upload = AppFile"))
        #expect(!all.contains("GraphQLCore.Upload"))
    }
}
