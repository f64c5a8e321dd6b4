import Foundation

@testable import GraphQLCore

/// `Fixtures/validation.json`, written by `scripts/reference/validate.py` from graphql-core's validation
/// of every document in `Fixtures/validation/` against `schema.graphql`, and from its schema validation of
/// every SDL document in `Fixtures/schemas/`.
struct ReferenceCorpus: Decodable {
    struct ExpectedError: Decodable, Hashable {
        var rule: String
        var message: String
        /// graphql-core's `[line, column]` of each node the error points at.
        var locations: [[Int]]
    }

    var graphqlCore: String
    var documents: [String: [ExpectedError]]
    /// graphql-core's messages for each SDL document of `Fixtures/schemas/`, empty for a valid schema.
    var schemas: [String: [String]]

    static let fileURL = SchemaFixture.directory.deletingLastPathComponent().appendingPathComponent("validation.json")

    static func load() throws -> ReferenceCorpus {
        try JSONDecoder().decode(ReferenceCorpus.self, from: Data(contentsOf: fileURL))
    }

    /// The names of the corpus documents, read when the test suite is built so each is its own test case.
    static let documentNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: SchemaFixture.directory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") && $0 != "schema.graphql" }.sorted()
    }()

    static let schemasDirectory = SchemaFixture.directory.deletingLastPathComponent().appendingPathComponent("schemas")

    /// The names of the SDL documents in `Fixtures/schemas/`.
    static let schemaNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: schemasDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted()
    }()

    static func sdl(of name: String) throws -> String {
        try String(contentsOf: schemasDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    static func text(of name: String) throws -> String {
        try String(contentsOf: SchemaFixture.directory.appendingPathComponent(name), encoding: .utf8)
    }
}
