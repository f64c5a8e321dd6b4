import Foundation
import GraphQLCodegen
import Testing

@Suite("data masking")
struct MaskingTests {
    static let schema = CodegenSource(
        path: "schema.graphqls",
        text: """
            type Query { user: User, settings: Settings }
            type User { id: ID!, name: String!, code: Int }
            type Settings { theme: String }
            """)

    static let document = CodegenSource(
        path: "Q.graphql",
        text: """
            query Q($withBio: Boolean!) {
              user { ...UserName ...UserCode @include(if: $withBio) }
              settings { ...SettingsTheme }
            }
            fragment UserName on User { name }
            fragment UserCode on User { code }
            fragment SettingsTheme on Settings { theme }
            """)

    private func generated(masking: Bool) throws -> String {
        let files = try CodeGenerator.generate(
            schema: Self.schema, documents: [Self.document],
            configuration: CodegenConfiguration(dataMasking: masking))
        return try #require(files.first).contents
    }

    @Test("a spread on an object with an id is a reference; a conditional one, or one without an id, is not")
    func whichSpreads() throws {
        let masked = try generated(masking: true)
        #expect(masked.contains("public var userName: GraphQLFragmentReference<UserName> { __view() }\n"))
        // The conditional spread is `@?1`: checked only for its `@catch` fields.
        #expect(masked.contains(" @0 @?1\", GraphQLFragmentReference<UserName>.self, UserCode.self)"))
        #expect(masked.contains("public var userCode: UserCode? { __viewIfValid() }\n"))
        #expect(masked.contains("public var settingsTheme: SettingsTheme { __view() }\n"))
        // The unmasked spreads' fields are merged into the parent; the masked one's are not.
        let user = try #require(masked.range(of: "public struct User: GraphQLSelection"))
        let settings = try #require(masked.range(of: "public struct Settings: GraphQLSelection"))
        let userStruct = masked[user.lowerBound..<settings.lowerBound]
        #expect(!userStruct.contains("public var name: String"))
        #expect(userStruct.contains("public var code: Int?? {"))
        #expect(masked[settings.lowerBound...].contains("public var theme: String?"))
    }

    @Test("without masking every spread is a view of the fragment's type with its fields merged")
    func off() throws {
        let unmasked = try generated(masking: false)
        #expect(!unmasked.contains("GraphQLFragmentReference"))
        #expect(unmasked.contains("public var userName: UserName { __view() }\n"))
        #expect(unmasked.contains(#"public var name: String { __field() }"#))
    }

    @Test("a spread in a root type's selection stays unmasked, even with an id: the root has no __typename or id")
    func rootSelection() throws {
        let schema = CodegenSource(path: "schema.graphqls", text: "type Query { id: ID!, name: String }\n")
        let document = CodegenSource(
            path: "R.graphql", text: "query R { ...RootName }\nfragment RootName on Query { name }\n")
        let files = try CodeGenerator.generate(
            schema: schema, documents: [document], configuration: CodegenConfiguration(dataMasking: true))
        let contents = try #require(files.first).contents
        #expect(contents.contains("public var rootName: RootName { __view() }\n"))
        #expect(!contents.contains("GraphQLFragmentReference"))
    }

    @Test("the configuration reads dataMasking, false when left out")
    func configuration() throws {
        let on = try JSONDecoder().decode(CodegenConfiguration.self, from: Data(#"{"dataMasking": true}"#.utf8))
        let off = try JSONDecoder().decode(CodegenConfiguration.self, from: Data("{}".utf8))
        #expect(on.dataMasking && !off.dataMasking)
    }
}
