import Environment
import Foundation
import Testing

/// The umbrella module is what an app imports; these tests go through it, not through the layers.
@Suite("Umbrella")
struct UmbrellaTests {
    @Test("importing Environment alone is enough to compile an operation against a schema")
    func compilesThroughTheUmbrella() throws {
        let schema = try Schema(sdl: "type Query { viewer: User } type User { id: ID! name: String }")
        let document = try CompiledDocument(
            text: "query Viewer @cacheExpiration(seconds: 60) { viewer { name } }", schema: schema)
        let operation = try document.operation()
        #expect(operation.cacheExpiration == .seconds(60))
        #expect(!operation.text.contains("cacheExpiration"))
        #expect(operation.text.contains("id"))
    }

    @Test(
        "a file that imports Foundation and Environment names Foundation's Operation and GraphQLOperation unqualified"
    )
    func noClashWithFoundationsOperation() throws {
        let schema = try Schema(sdl: "type Query { viewer: String }")
        let compiled: GraphQLOperation = try CompiledDocument(text: "{ viewer }", schema: schema).operation()
        let queued: Operation = BlockOperation {}
        #expect(compiled.kind == .query)
        #expect(!queued.isFinished)
    }
}
