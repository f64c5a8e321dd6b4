import Foundation

@testable import GraphQLCore

/// `Fixtures/validation.json`, written by `scripts/reference/validate.py` from graphql-core's validation
/// of every document in `Fixtures/validation/` against `schema.graphql`.
struct ReferenceCorpus: Decodable {
    struct ExpectedError: Decodable, Hashable {
        var rule: String
        var message: String
        var locations: [[Int]]
        var astLocations: [[Int]]
    }

    var graphqlCore: String
    var documents: [String: [ExpectedError]]

    static let fileURL = SchemaFixture.directory.deletingLastPathComponent().appendingPathComponent("validation.json")

    static func load() throws -> ReferenceCorpus {
        try JSONDecoder().decode(ReferenceCorpus.self, from: Data(contentsOf: fileURL))
    }

    /// The names of the corpus documents, read when the test suite is built so each is its own test case.
    static let documentNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: SchemaFixture.directory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") && $0 != "schema.graphql" }.sorted()
    }()

    static func text(of name: String) throws -> String {
        try String(contentsOf: SchemaFixture.directory.appendingPathComponent(name), encoding: .utf8)
    }
}
