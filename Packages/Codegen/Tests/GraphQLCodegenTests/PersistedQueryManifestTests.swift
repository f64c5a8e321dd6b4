import Foundation
import GraphQLCodegen
import GraphQLCore
import Testing

@Suite("persisted query manifest")
struct PersistedQueryManifestTests {
    @Test("the manifest lists each generated operation with the text it sends and that text's SHA-256")
    func operations() throws {
        let input = try Paths.goldenInput()
        let (files, manifest) = try CodeGenerator.generateWithManifest(
            schema: input.schema, documents: input.documents, configuration: input.configuration)
        #expect(
            manifest.operations.map(\.name) == ["CaughtFeed", "CaughtHero", "CreatePost", "Feed", "Hero", "Search"])
        #expect(manifest.operations.map(\.type) == ["query", "query", "mutation", "query", "query", "query"])
        let generated = files.map(\.contents).joined()
        for operation in manifest.operations {
            #expect(operation.id == DocumentDigest.sha256Hex(operation.body))
            // The generated type sends the same text: its digest is the manifest's ID.
            #expect(generated.contains("static let textDigest = \"\(operation.id)\""))
            // The text sent, not the text written: `@cacheExpiration` is a client directive.
            #expect(!operation.body.contains("@cacheExpiration") && !operation.body.contains("@catch"))
        }
    }

    @Test("the manifest is JSON in Apollo's format: format, version 1, operations of id, name, type and body")
    func apolloFormat() throws {
        let input = try Paths.goldenInput()
        let manifest = try CodeGenerator.generateWithManifest(
            schema: input.schema, documents: input.documents, configuration: input.configuration
        ).manifest
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(manifest.json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["format", "version", "operations"])
        #expect(object["format"] as? String == "apollo-persisted-query-manifest")
        #expect(object["version"] as? Int == 1)
        let operations = try #require(object["operations"] as? [[String: String]])
        #expect(operations.count == 6)
        for (entry, operation) in zip(operations, manifest.operations) {
            #expect(Set(entry.keys) == ["id", "name", "type", "body"])
            #expect(entry["id"] == operation.id && entry["body"] == operation.body)
        }
        #expect(manifest.json.hasSuffix("}\n"))
    }

    @Test("the manifest is byte-identical across runs, whatever the order the documents are given in")
    func deterministic() throws {
        let input = try Paths.goldenInput()
        let first = try CodeGenerator.generateWithManifest(
            schema: input.schema, documents: input.documents, configuration: input.configuration
        ).manifest.json
        let second = try CodeGenerator.generateWithManifest(
            schema: input.schema, documents: input.documents.reversed(), configuration: input.configuration
        ).manifest.json
        #expect(Data(first.utf8) == Data(second.utf8))
    }

    @Test("graphql-codegen --manifest writes the same manifest bytes on every run")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let documents = try FileManager.default.contentsOfDirectory(atPath: Paths.goldenInputs.path)
            .filter { $0.hasSuffix(".graphql") }.sorted().map { Paths.goldenInputs.appendingPathComponent($0).path }
        var manifests: [Data] = []
        for run in 0..<2 {
            let manifest = directory.appendingPathComponent("manifest-\(run).json")
            let process = Process()
            process.executableURL = CommandLineTests.executable
            process.arguments =
                [
                    "--schema", Paths.goldenInputs.appendingPathComponent("schema.graphqls").path,
                    "--config", Paths.goldenInputs.appendingPathComponent("codegen.json").path,
                    "--manifest", manifest.path, "--output", directory.appendingPathComponent("out-\(run)").path,
                ] + (run == 0 ? documents : documents.reversed())
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            manifests.append(try Data(contentsOf: manifest))
        }
        #expect(manifests[0] == manifests[1])
        let input = try Paths.goldenInput()
        let expected = try CodeGenerator.generateWithManifest(
            schema: input.schema, documents: input.documents, configuration: input.configuration
        ).manifest.json
        #expect(manifests[0] == Data(expected.utf8))
    }
}
