import Foundation

/// The corpus of documents under `Fixtures/corpus` and graphql-core's verdict on each, from
/// `Fixtures/parse_print.json` (written by `scripts/reference/parse_print.py`).
enum Corpus {
    /// graphql-core's outcome for one document.
    struct Reference: Decodable, Sendable {
        var parses: Bool
        var printed: String?
        /// The printed form without its ignored characters (`strip_ignored_characters`).
        var compact: String?
        var message: String?
        var line: Int?
        var column: Int?
    }

    private struct Fixture: Decodable {
        var graphqlCore: String
        var cases: [String: Reference]
    }

    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let corpusDirectory = fixturesDirectory.appendingPathComponent("corpus")

    /// The file names of the corpus, sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".graphql") }.sorted()
    }()

    /// The fixture's cases by file name; empty when the fixture cannot be read, which the tests report.
    static let references: [String: Reference] = {
        guard let data = try? Data(contentsOf: fixturesDirectory.appendingPathComponent("parse_print.json")),
            let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else { return [:] }
        return fixture.cases
    }()

    /// The text of a corpus file, byte for byte (a byte order mark and `\r` kept).
    static func text(of name: String) throws -> String {
        String(decoding: try Data(contentsOf: corpusDirectory.appendingPathComponent(name)), as: UTF8.self)
    }

    /// The texts of the corpus documents that graphql-core parses.
    static func validTexts() throws -> [String] {
        try names.filter { references[$0]?.parses == true }.map(text(of:))
    }
}
