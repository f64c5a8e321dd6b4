import GraphQLCore
import Testing

private typealias F = CompilationFixtures

@Suite("Compilation marks deferred and streamed fields")
struct DeferredSelectionTests {
    private static func schema() throws -> Schema {
        try Schema(
            sdl: F.sdl + """

                directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
                directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
                """)
    }

    private static func fields(_ set: CompiledSelectionSet?) -> [String: CompiledField] {
        var fields: [String: CompiledField] = [:]
        for selection in set?.selections ?? [] {
            if case .field(let field) = selection { fields[field.responseKey] = field }
        }
        return fields
    }

    @Test("fields only inside a @defer fragment are deferred; key fields selected outside it are not")
    func deferredFragmentFields() throws {
        let text = """
            query Q {
              viewer { name ... @defer(label: "slow") { avatar posts(first: 1) { title } } }
              post(id: "1") { ...Body @defer }
            }
            fragment Body on Post { body title }
            """
        let operation = try CompiledDocument(text: text, schema: Self.schema()).operation()
        let root = Self.fields(operation.selectionSet)
        let viewer = Self.fields(root["viewer"]?.selectionSet)
        #expect(viewer["name"]?.isDeferred == false)
        #expect(viewer["avatar"]?.isDeferred == true)
        #expect(viewer["posts"]?.isDeferred == true)
        #expect(viewer["id"]?.isDeferred == false)
        #expect(viewer["__typename"]?.isDeferred == false)
        // Inside a deferred field, the fields come with it: not deferred on their own.
        #expect(Self.fields(viewer["posts"]?.selectionSet)["title"]?.isDeferred == false)
        let post = Self.fields(root["post"]?.selectionSet)
        #expect(post["body"]?.isDeferred == true)
        #expect(post["id"]?.isDeferred == false)
        #expect(root["viewer"]?.isDeferred == false)
        #expect(operation.usesIncrementalDelivery)
    }

    @Test("a field selected both inside and outside a deferred fragment comes in the initial part")
    func selectedTwice() throws {
        let text = "{ viewer { ... @defer { name avatar } name } }"
        let operation = try CompiledDocument(text: text, schema: Self.schema()).operation()
        let viewer = Self.fields(Self.fields(operation.selectionSet)["viewer"]?.selectionSet)
        #expect(viewer["name"]?.isDeferred == false)
        #expect(viewer["avatar"]?.isDeferred == true)
    }

    @Test("@stream marks its list field streamed; if: false turns @defer and @stream off")
    func streamAndIfFalse() throws {
        let text = """
            { feed @stream(initialCount: 1) { title } comments @stream(if: false) { text }
              viewer { ... @defer(if: false) { name } } }
            """
        let operation = try CompiledDocument(text: text, schema: Self.schema()).operation()
        let root = Self.fields(operation.selectionSet)
        #expect(root["feed"]?.isStreamed == true)
        #expect(root["comments"]?.isStreamed == false)
        #expect(Self.fields(root["viewer"]?.selectionSet)["name"]?.isDeferred == false)
        #expect(operation.usesIncrementalDelivery)
    }

    @Test("an operation without @defer or @stream does not use incremental delivery")
    func plainOperation() throws {
        let operation = try CompiledDocument(text: "{ viewer { name } }", schema: Self.schema()).operation()
        #expect(!operation.usesIncrementalDelivery)
        let off = try CompiledDocument(text: "{ viewer { ... @defer(if: false) { name } } }", schema: Self.schema())
        #expect(try !off.operation().usesIncrementalDelivery)
    }
}
