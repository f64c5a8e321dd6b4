/// How the build tool plugin reads a target: its `.graphql` documents, its schema in a file named
/// `schema.graphqls`, and its configuration in `codegen.json` when there is one.
///
/// The executable applies it (`--target-files`), so that a target whose schema file has another name
/// gets an error at that file saying what the name must be, rather than a build without its types.
public struct TargetFiles: Sendable, Hashable {
    /// The schema's path.
    public var schema: String
    /// The documents' paths, in path order.
    public var documents: [String]
    /// The configuration's path, when the target has one.
    public var configuration: String?

    /// The name the schema's file must have.
    public static let schemaName = "schema.graphqls"

    /// Sorts `paths`, a target's files, into its inputs; files of other kinds are left out.
    ///
    /// Throws ``CodegenError`` (``CodegenError/Code/io``) when no file is named `schema.graphqls`:
    /// at each `.graphqls` file of another name, saying the name the plugin reads, or, without one,
    /// at the first document.
    public init(_ paths: [String]) throws(CodegenError) {
        func name(_ path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }
        let sorted = paths.sorted()
        let schemas = sorted.filter { name($0).hasSuffix(".graphqls") }
        documents = sorted.filter { name($0).hasSuffix(".graphql") }
        configuration = sorted.first { name($0) == "codegen.json" }
        guard let schema = schemas.first(where: { name($0) == Self.schemaName }) else {
            let diagnostics =
                schemas.isEmpty
                ? [
                    CodegenDiagnostic(
                        file: documents.first ?? "<target>",
                        message: "The target has GraphQL documents but no schema: add it as \(Self.schemaName).")
                ]
                : schemas.map {
                    CodegenDiagnostic(
                        file: $0,
                        message:
                            "The schema file is named '\(name($0))'; the plugin reads the schema only from a file "
                            + "named \(Self.schemaName): rename it.")
                }
            throw CodegenError(.io, diagnostics)
        }
        self.schema = schema
    }
}
