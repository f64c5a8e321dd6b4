import Foundation
import GraphQLCodegen
import Testing

/// Runs the `graphql-codegen` executable, built beside this test bundle as the tool of the plugin that
/// `GraphQLCodegenPluginTests` uses (a test target that depended on the executable as well would link
/// its `main` twice).
@Suite("graphql-codegen")
struct CommandLineTests {
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while !directory.lastPathComponent.hasSuffix(".xctest"), directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory.deletingLastPathComponent().appendingPathComponent("graphql-codegen")
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("valid input writes a file per document and the namespace's file, and exits 0")
    func success() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "type Query { version: String! }".write(
            to: directory.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try "query Version { version }".write(
            to: directory.appendingPathComponent("Version.graphql"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let result = try run([
            "--schema", directory.appendingPathComponent("schema.graphqls").path, "--output", output.path,
            directory.appendingPathComponent("Version.graphql").path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(names == ["GraphQLSchema.graphql.swift", "Version.graphql.swift"])
    }

    @Test("an invalid document prints file:line:column: error: lines, exits 1 and writes nothing")
    func failure() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.graphqls")
        try "type Query { version: String! }".write(to: schema, atomically: true, encoding: .utf8)
        let good = directory.appendingPathComponent("A.graphql")
        let bad = directory.appendingPathComponent("B.graphql")
        try "query A { version }".write(to: good, atomically: true, encoding: .utf8)
        try "query B {\n  versions\n}".write(to: bad, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let result = try run(["--schema", schema.path, "--output", output.path, good.path, bad.path])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("\(bad.path):2:3: error: Cannot query field 'versions' on type 'Query'."))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a target whose schema file is not named schema.graphqls gets an error at that file saying so")
    func misnamedSchema() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("Schema.graphqls")
        let document = directory.appendingPathComponent("Version.graphql")
        try "type Query { version: String! }".write(to: schema, atomically: true, encoding: .utf8)
        try "query Version { version }".write(to: document, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let result = try run(["--target-files", "--output", output.path, document.path, schema.path])
        #expect(result.status == 1)
        #expect(
            result.errors
                == "\(schema.path): error: The schema file is named 'Schema.graphqls'; the plugin reads the schema "
                + "only from a file named schema.graphqls: rename it.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // Named as it must be, the same files generate.
        let renamed = directory.appendingPathComponent("schema.graphqls")
        try FileManager.default.moveItem(at: schema, to: renamed)
        let again = try run(["--target-files", "--output", output.path, document.path, renamed.path])
        #expect(again.status == 0, "\(again.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(names == ["GraphQLSchema.graphql.swift", "Version.graphql.swift"])
    }

    @Test("the writer replaces files whole, leaves unchanged ones untouched and no temporary file behind")
    func writer() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try OutputWriter.write(
            [GeneratedFile(name: "A.swift", contents: "a"), GeneratedFile(name: "B.swift", contents: "b")],
            to: directory.path)
        let before = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("A.swift").path)
        try OutputWriter.write(
            [GeneratedFile(name: "A.swift", contents: "a"), GeneratedFile(name: "B.swift", contents: "c")],
            to: directory.path)
        let after = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("A.swift").path)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(try String(contentsOf: directory.appendingPathComponent("B.swift"), encoding: .utf8) == "c")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["A.swift", "B.swift"])
    }
}
