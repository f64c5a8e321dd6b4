import Foundation

@testable import GraphQLCore

/// The schema of `Fixtures/validation/schema.graphql`, shared by the schema and validation tests.
enum SchemaFixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/validation")

    static func sdl() throws -> String {
        try String(contentsOf: directory.appendingPathComponent("schema.graphql"), encoding: .utf8)
    }

    static func schema() throws -> Schema {
        try Schema(sdl: sdl())
    }
}
