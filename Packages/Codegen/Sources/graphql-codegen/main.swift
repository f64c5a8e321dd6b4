// graphql-codegen: Swift types for the operations and fragments of `.graphql` documents.
//
//   graphql-codegen --schema schema.graphqls [--config codegen.json] [--manifest manifest.json]
//                   --output DIR DOCUMENT.graphql...
//   graphql-codegen --target-files [--manifest manifest.json] --output DIR FILE...
//
// The second form is the build tool plugin's: FILE... are a target's files, sorted into documents,
// `schema.graphqls` and `codegen.json` as `TargetFiles` says.
//
// Writes one `<name>.graphql.swift` per document and the schema namespace's file into DIR (and, with
// `--manifest`, a persisted query manifest of every operation, in Apollo's format, to FILE), or nothing
// at all: problems are printed to standard error as `file:line:column: error: message` and the exit
// status is 1 (2 for a usage error).
import Foundation
import GraphQLCodegen

func readFile(_ path: String) throws(CodegenError) -> String {
    do {
        return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        throw CodegenError(
            .io, [CodegenDiagnostic(file: path, message: "Cannot read the file: \(error.localizedDescription)")])
    }
}

let usage = """
    usage: graphql-codegen --schema FILE [--config FILE] [--manifest FILE] --output DIR DOCUMENT.graphql...
           graphql-codegen --target-files [--manifest FILE] --output DIR FILE...
    """

/// Writes the manifest to `path` whole (a temporary file renamed into place), leaving a file that
/// already holds the same bytes untouched.
func writeManifest(_ manifest: PersistedQueryManifest, to path: String) throws(CodegenError) {
    let url = URL(fileURLWithPath: path)
    let data = Data(manifest.json.utf8)
    if let existing = try? Data(contentsOf: url), existing == data { return }
    do {
        try data.write(to: url, options: .atomic)
    } catch {
        throw CodegenError(.io, [CodegenDiagnostic(file: path, message: "Cannot write: \(error)")])
    }
}

func run(_ arguments: [String]) throws(CodegenError) -> Int32 {
    var schemaPath: String?
    var configPath: String?
    var output: String?
    var manifestPath: String?
    var documents: [String] = []
    var targetFiles = false
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        switch argument {
        case "--schema": schemaPath = iterator.next()
        case "--config": configPath = iterator.next()
        case "--output": output = iterator.next()
        case "--target-files": targetFiles = true
        case "--manifest": manifestPath = iterator.next()
        case "--help", "-h":
            print(usage)
            return 0
        default: documents.append(argument)
        }
    }
    if targetFiles {
        let target = try TargetFiles(documents)
        schemaPath = target.schema
        configPath = target.configuration ?? configPath
        documents = target.documents
    }
    guard let schemaPath, let output else {
        FileHandle.standardError.write(
            Data((usage + "\n").utf8))
        return 2
    }
    var configuration = CodegenConfiguration()
    if let configPath {
        do {
            configuration = try JSONDecoder().decode(
                CodegenConfiguration.self, from: Data(try readFile(configPath).utf8))
        } catch let error as CodegenError {
            throw error
        } catch {
            throw CodegenError(.io, [CodegenDiagnostic(file: configPath, message: "Not a configuration: \(error)")])
        }
    }
    var sources: [CodegenSource] = []
    for path in documents.sorted() { sources.append(CodegenSource(path: path, text: try readFile(path))) }
    let (files, manifest) = try CodeGenerator.generateWithManifest(
        schema: CodegenSource(path: schemaPath, text: try readFile(schemaPath)), documents: sources,
        configuration: configuration)
    try OutputWriter.write(files, to: output)
    if let manifestPath { try writeManifest(manifest, to: manifestPath) }
    return 0
}

do {
    exit(try run(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
}
