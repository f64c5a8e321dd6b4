/// One Swift file the generator made: its name and its contents, byte for byte the same for the same
/// input.
public struct GeneratedFile: Sendable, Hashable {
    /// The file's name, without a directory (`Feed.graphql.swift`).
    public var name: String
    /// The Swift source.
    public var contents: String

    /// A file called `name` holding `contents`.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
