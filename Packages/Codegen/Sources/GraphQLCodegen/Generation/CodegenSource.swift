/// One input file of the generator: a schema's SDL or a `.graphql` document, with the path that
/// diagnostics name it by.
public struct CodegenSource: Sendable, Hashable {
    /// The path the diagnostics print, as given.
    public var path: String
    /// The file's text.
    public var text: String

    /// A source at `path` holding `text`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The last path component without its extension: the name of the file generated from it.
    var baseName: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
