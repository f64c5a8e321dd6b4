import Foundation
import GraphQLCodegen
import GraphQLCore

/// The code generator on the store's 300 reference operations (`store_roundtrip.json`, the corpus
/// the generator's tests use): the time to generate each one's Swift, printed per operation, against
/// parsing the schema and compiling the same document, which is where generation starts; and the size
/// of the Swift per byte of GraphQL.
///
/// Each operation is generated on its own, as a document with the fragments it repeats (two cases'
/// copies of a fragment cannot share one run), so every run parses the schema again, as the floor does.
///
/// Compiling what is generated is measured by `scripts/measure-codegen-compile.sh` (debug and release
/// whole-module builds of the same cases in two shapes, with time and peak memory), not here: it runs
/// the compiler for minutes.
func runCodegenBenchmarks() throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../Packages/StoreCore/Tests/StoreCoreTests/Fixtures/store_roundtrip.json")
    let fixture = try JSONValue(parsing: Data(contentsOf: corpus))
    guard case .string(let sdl)? = fixture.objectValue?["schema"],
        case .array(let cases)? = fixture.objectValue?["cases"]
    else { fatalError("store_roundtrip.json has no schema and cases") }
    let operations = cases.compactMap { $0.objectValue?["operation"]?.stringValue }
    precondition(operations.count == 300, "the corpus has its 300 operations")
    let schemaSource = CodegenSource(path: "schema.graphqls", text: sdl)
    let configuration = CodegenConfiguration(accessLevel: .internal)
    let documents = operations.enumerated().map { CodegenSource(path: "Case\($0.offset).graphql", text: $0.element) }

    let generate = try median(samples: 5) {
        for document in documents {
            blackHole(
                try CodeGenerator.generate(schema: schemaSource, documents: [document], configuration: configuration))
        }
    }
    let compile = try median(samples: 5) {
        for text in operations { blackHole(try CompiledDocument(text: text, schema: try Schema(sdl: sdl))) }
    }
    print(
        String(
            format: "  generating Swift for the %d reference operations: %.3f ms per operation (median of 5 runs)",
            operations.count, generate / Double(operations.count) * 1000))
    report(
        "generate Swift for each of the 300 operations", generate, against: "parsing the schema and compiling it",
        compile)

    // The size of what is generated, against the GraphQL it is generated from: what an app compiles.
    var swiftBytes = 0
    var swiftLines = 0
    for document in documents {
        for file in try CodeGenerator.generate(
            schema: schemaSource, documents: [document], configuration: configuration)
        {
            swiftBytes += file.contents.utf8.count
            swiftLines += file.contents.utf8.count { $0 == UInt8(ascii: "\n") }
        }
    }
    let graphQLBytes = operations.reduce(0) { $0 + $1.utf8.count }
    print(
        String(
            format: "  generated Swift per GraphQL byte on the %d reference operations: %.1fx (%d bytes, %d lines, "
                + "from %d bytes of GraphQL)",
            operations.count, Double(swiftBytes) / Double(graphQLBytes), swiftBytes, swiftLines, graphQLBytes))
}
