import Testing

@testable import GraphQLCore

@Suite("Schema building")
struct SchemaBuildingTests {
    @Test("a schema without SDL roots has no query root and is rejected")
    func emptySchema() {
        #expect(throws: GraphQLCoreError.self) { try Schema(document: Document(definitions: [])) }
    }
}
