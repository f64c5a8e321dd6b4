import GraphQLCodegen
import Testing

@Suite("two fields selecting the same shape share one type")
struct SharedSelectionTests {
    static let sdl = """
        type Query { me: User, other: User, a: Named, b: Named }
        interface Named { address: Address }
        type User implements Named { id: ID!, nick: String, address: Address }
        type Planet implements Named { id: ID!, address: Address }
        type Address { street: String!, city: String }
        """

    static func generated(_ text: String, access: CodegenConfiguration.AccessLevel = .internal) throws -> String {
        try #require(
            CodeGenerator.generate(
                schema: CodegenSource(path: "schema.graphqls", text: Self.sdl),
                documents: [CodegenSource(path: "Q.graphql", text: text)],
                configuration: CodegenConfiguration(accessLevel: access)
            ).first
        ).contents
    }

    static func count(_ text: String, in file: String) -> Int { file.components(separatedBy: text).count - 1 }

    @Test("an identical sub-selection is one struct and a typealias to it, public with its documentation")
    func identical() throws {
        let query = "query Q { me { address { street city } } other { address { street city } } }\n"
        let file = try Self.generated(query)
        #expect(Self.count("struct Address: GraphQLSelection", in: file) == 1)
        #expect(file.contains("extension QQuery.Data.Me {\n  struct Address: GraphQLSelection {"))
        #expect(file.contains("extension QQuery.Data.Other {\n  typealias Address = QQuery.Data.Me.Address\n}"))
        #expect(!file.contains("extension QQuery.Data.Other.Address"))
        let publicFile = try Self.generated(query, access: .public)
        #expect(Self.count("public struct Address: GraphQLSelection", in: publicFile) == 1)
        #expect(
            publicFile.contains(
                "  /// The selection of `Address` on `Address`.\n"
                    + "  public typealias Address = QQuery.Data.Me.Address\n"))
    }

    @Test(
        "a sub-selection with one field more, another alias or another @catch is its own struct",
        arguments: [
            "query Q { me { address { street city } } other { address { street } } }\n",
            "query Q { me { address { street city } } other { address { street town: city } } }\n",
            "query Q { me { address { street city } } other { address { street city @catch } } }\n",
        ])
    func different(_ query: String) throws {
        let file = try Self.generated(query)
        #expect(Self.count("struct Address: GraphQLSelection", in: file) == 2)
        #expect(!file.contains("typealias Address"))
    }

    @Test("a type condition that reads its parent's nested struct by name is never an alias across parents")
    func conditionReadingItsParent() throws {
        // Both `AsUser` structs are written `var address: Address?`, but each names its own parent's
        // `Address`, which differ: equal text, different types.
        let file = try Self.generated(
            "query Q { a { address { street } ... on User { nick } } b { address { city } ... on User { nick } } }\n")
        #expect(Self.count("struct AsUser: GraphQLSelection", in: file) == 2)
        #expect(Self.count("struct Address: GraphQLSelection", in: file) == 2)
        #expect(!file.contains("typealias"))
    }
}
