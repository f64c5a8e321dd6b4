import Foundation
import GraphQLCodegen

/// Where the tests find their inputs and the checked-in generated code.
enum Paths {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenInputs = tests.appendingPathComponent("GraphQLCodegenGoldenTests/Inputs")
    static let goldenGenerated = tests.appendingPathComponent("GraphQLCodegenGoldenTests/Generated")
    /// The golden inputs generated with data masking on, over the same schema.
    static let maskedInputs = goldenInputs.appendingPathComponent("Masked")
    static let maskedGenerated = goldenGenerated.appendingPathComponent("Masked")
    /// The code generated for the store's reference operations, compared as text, never compiled.
    static let storeCorpusGenerated = tests.appendingPathComponent("GraphQLCodegenTests/Goldens/StoreCorpus")
    /// The part of that code that is compiled and run: ``StoreCorpus/sample``.
    static let storeSampleGenerated = goldenGenerated.appendingPathComponent("StoreSample")
    /// The store's 300 reference operations with graphql-core's answers.
    static let storeRoundTrip = tests.appendingPathComponent(
        "../../StoreCore/Tests/StoreCoreTests/Fixtures/store_roundtrip.json")

    /// Set to `1` to write the generated files instead of comparing with them
    /// (`scripts/update-codegen-goldens.sh`).
    static var updating: Bool { ProcessInfo.processInfo.environment["GRAPHQL_CODEGEN_UPDATE"] == "1" }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The golden inputs: the schema, the documents in name order, the configuration; `directory`
    /// holds the documents and the configuration, ``goldenInputs`` the schema.
    static func goldenInput(_ directory: URL = goldenInputs) throws -> (
        schema: CodegenSource, documents: [CodegenSource], configuration: CodegenConfiguration
    ) {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        let documents = try names.map {
            CodegenSource(path: $0, text: try read(directory.appendingPathComponent($0)))
        }
        let configuration = try JSONDecoder().decode(
            CodegenConfiguration.self, from: Data(contentsOf: directory.appendingPathComponent("codegen.json")))
        let schema = CodegenSource(
            path: "schema.graphqls", text: try read(goldenInputs.appendingPathComponent("schema.graphqls")))
        return (schema, documents, configuration)
    }

    /// Compares `files` with the Swift files in `directory` (or writes them when updating, removing the others): every file
    /// equal byte for byte, and no other `.graphql.swift` file there.
    static func compare(_ files: [GeneratedFile], with directory: URL) throws -> [String] {
        let names = Set(files.map(\.name))
        if updating {
            try OutputWriter.write(files, to: directory.path)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
            where name.hasSuffix(".graphql.swift") && !names.contains(name) {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
            return []
        }
        var problems: [String] = []
        for file in files {
            let path = directory.appendingPathComponent(file.name)
            let checkedIn = try? read(path)
            if checkedIn != file.contents { problems.append("\(file.name) differs from the generator's output") }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where name.hasSuffix(".graphql.swift") && !names.contains(name) {
            problems.append("\(name) is not generated any more")
        }
        return problems
    }
}
