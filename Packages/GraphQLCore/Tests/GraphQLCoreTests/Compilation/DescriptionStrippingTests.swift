import GraphQLCore
import Testing

@Suite("Compilation-Descriptions")
struct DescriptionStrippingTests {
    typealias F = CompilationFixtures

    static let described = #"""
        "Who is signed in."
        query Me(
          "How many posts."
          $n: Int = 2
        ) @cacheExpiration(seconds: 60) {
          viewer { ...Card posts(first: $n) { title } }
        }

        """
        The card.
        """
        fragment Card on User { name }
        """#

    static let plain = """
        query Me($n: Int = 2) {
          viewer { ...Card posts(first: $n) { title } }
        }
        fragment Card on User { name }
        """

    @Test("descriptions on the operation, its variables and its fragments are not in the text sent")
    func descriptionsStripped() throws {
        let operation = try F.compile(Self.described).operation()
        #expect(!operation.text.contains(sent("\"")))
        #expect(operation.text == (try F.compile(Self.plain).operation().text))
        #expect(operation.text.hasPrefix(sent("query Me($n: Int = 2) {\n")))
        #expect(operation.text.contains(sent("\n\nfragment Card on User {\n")))
    }

    @Test("descriptions do not change the operation's identity")
    func identityIgnoresDescriptions() throws {
        for withSchema in [true, false] {
            let described = try F.compile(Self.described, withSchema: withSchema).operation(variables: ["n": 3])
            let plain = try F.compile(Self.plain, withSchema: withSchema).operation(variables: ["n": 3])
            #expect(described.identity == plain.identity)
        }
    }

    @Test("the compiled document keeps the descriptions as written")
    func documentKeepsDescriptions() throws {
        let document = try F.compile(Self.described)
        #expect(document.document.operations.first?.description?.value == "Who is signed in.")
    }
}
