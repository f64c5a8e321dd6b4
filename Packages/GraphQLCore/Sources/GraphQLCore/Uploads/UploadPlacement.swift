/// A file an operation sends, and where in its variables it goes.
public struct UploadPlacement: Sendable, Hashable {
    /// Where the file goes, as the multipart request's `map` writes it: `variables.` then the keys
    /// and list indices down to the file, joined by dots (`variables.input.files.0`). Unambiguous,
    /// because a GraphQL name has no dot.
    public var path: String
    /// The file.
    public var upload: Upload

    /// A placement.
    public init(path: String, upload: Upload) {
        self.path = path
        self.upload = upload
    }
}
