import Foundation
import GraphQLCore
import StoreCore
import Testing

/// The fixtures of `scripts/reference/store_roundtrip.py`: random valid operations over a schema
/// with interfaces, unions, id-less objects, lists of lists, nulls, aliases, cycles, named fragments
/// and repeated inline fragments. For each, graphql-core's answer to the operation with the fields the
/// compiler adds (what the store is given) and its answer to the app's operation as written (what a
/// read must give: byte for byte, keys in the server's order, nothing the compiler added).
@Suite("Reader-reference round trip")
struct ReferenceRoundTripTests {
    struct Case: Sendable {
        let name: String
        let root: StoreRoot
        /// graphql-core's answer to the operation with the compiler's fields: what is published.
        let response: JSONValue
        /// graphql-core's answer to the app's operation: what reads must give.
        let expected: JSONValue
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
                response: try #require(entry["response"]), expected: try #require(entry["expected"]))
        }
    }

    static func expectReadsBack(_ store: Store, _ reference: Case) {
        let snapshot = store.lookup(reference.root)
        #expect(!snapshot.isMissingData, "\(reference.name) is missing data")
        #expect(
            snapshot.data?.serializedString() == reference.expected.serializedString(),
            "\(reference.name) reads back differently from graphql-core's answer to the app's document")
    }

    @Test("the fixture holds the 300 cases the generator writes")
    func fixtureLoads() {
        #expect(Self.cases.count == 300)
    }

    @Test("each reference response written into a fresh store reads back as graphql-core answers the app's document")
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
