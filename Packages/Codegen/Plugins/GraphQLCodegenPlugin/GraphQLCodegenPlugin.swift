import Foundation
import PackagePlugin

/// Runs `graphql-codegen` on a target's `.graphql` documents and its `schema.graphqls` (with
/// `codegen.json` beside it when there is one), so that adding a query is adding a file. A document
/// that does not validate, or a schema file of another name, fails the build with the generator's
/// `file:line:column: error:` lines.
@main
struct GraphQLCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url).sorted { $0.path < $1.path }
        let documents = files.filter { $0.pathExtension == "graphql" }
        guard !documents.isEmpty else { return [] }
        // The executable picks the schema and the configuration out (`TargetFiles`), so that a
        // schema file of another name is an error at that file, saying the name it must have.
        let inputs = files.filter {
            ["graphql", "graphqls"].contains($0.pathExtension) || $0.lastPathComponent == "codegen.json"
        }
        let configuration = files.first { $0.lastPathComponent == "codegen.json" }
        let output = context.pluginWorkDirectoryURL.appending(path: "GraphQLCodegen")
        let arguments = ["--target-files", "--output", output.path] + inputs.map(\.path)
        var namespace = "GraphQLSchema"
        if let configuration, let data = try? Data(contentsOf: configuration),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = object["schemaNamespace"] as? String
        {
            namespace = name
        }
        let outputs =
            documents.map { output.appending(path: $0.deletingPathExtension().lastPathComponent + ".graphql.swift") }
            + [output.appending(path: namespace + ".graphql.swift")]
        return [
            .buildCommand(
                displayName: "Generating Swift for \(documents.count) GraphQL document(s) of \(target.name)",
                executable: try context.tool(named: "graphql-codegen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }
}
