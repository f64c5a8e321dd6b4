import Foundation
import GraphQLCore
import StoreCore
import Testing

/// The fixtures of `scripts/reference/store_roundtrip.py`: random valid operations over a schema
/// with interfaces, unions, id-less objects, lists of lists, nulls, aliases and cycles, with the
/// responses graphql-core gave. Reading a written response back must give it exactly.
@Suite("Reader-reference round trip")
struct ReferenceRoundTripTests {
    struct Case: Sendable {
        let name: String
        let root: StoreRoot
        let response: JSONValue
    }

    static let cases: [Case] = {
        do {
            return try loadCases()
        } catch {
            Issue.record("the fixture did not load: \(error)")
            return []
        }
    }()

    static func loadCases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/store_roundtrip.json")
        let fixture = try JSONValue(parsing: Data(contentsOf: url))
        let sdl = try #require(fixture["schema"]?.stringValue)
        let schema = try Schema(document: Document(parsing: sdl))
        return try #require(fixture["cases"]?.arrayValue).map { entry in
            let text = try #require(entry["operation"]?.stringValue)
            let variables = try #require(entry["variables"]?.objectValue)
            let operation = try CompiledDocument(text: text, schema: schema).operation(variables: variables)
            return Case(
                name: try #require(entry["name"]?.stringValue), root: StoreRoot(operation: operation),
                response: try #require(entry["response"]))
        }
    }

    static func expectReadsBack(_ store: Store, _ reference: Case) {
        let snapshot = store.lookup(reference.root)
        #expect(!snapshot.isMissingData, "\(reference.name) is missing data")
        #expect(
            snapshot.data?.serializedString() == reference.response.serializedString(),
            "\(reference.name) reads back differently")
    }

    @Test("the fixture holds the 300 cases the generator writes")
    func fixtureLoads() {
        #expect(Self.cases.count == 300)
    }

    @Test("each reference response written into a fresh store reads back exactly as graphql-core answered")
    func freshStores() throws {
        for reference in Self.cases {
            let store = Store()
            try store.publish(reference.response, to: reference.root)
            Self.expectReadsBack(store, reference)
        }
    }

    @Test("all reference responses written into one store still read back exactly")
    func oneStore() throws {
        let store = Store()
        for reference in Self.cases { try store.publish(reference.response, to: reference.root) }
        for reference in Self.cases { Self.expectReadsBack(store, reference) }
    }

    @Test("reference operations never written read as missing, also after their records were collected")
    func unwritten() throws {
        let empty = Store()
        for reference in Self.cases { #expect(empty.lookup(reference.root).isMissingData) }

        let store = Store()
        for reference in Self.cases { try store.publish(reference.response, to: reference.root) }
        let kept = Self.cases[0]
        store.collectGarbage(retaining: [kept.root])
        Self.expectReadsBack(store, kept)
        store.collectGarbage(retaining: [])
        #expect(store.recordCount == 0)
        for reference in Self.cases { #expect(store.lookup(reference.root).isMissingData) }
    }
}
