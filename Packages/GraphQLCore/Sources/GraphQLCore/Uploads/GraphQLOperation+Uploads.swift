extension GraphQLOperation {
    /// This operation with `uploads` taken out of its variables: each upload's place-holder (what it
    /// encodes to, or its ``Upload/variableValue``) becomes `null`, as the multipart request spec
    /// wants, and the upload with its place goes to ``uploads``.
    ///
    /// The identity stays the one computed with the place-holders, which differ for every upload, so
    /// two operations that send different files are never one in flight. An upload of `uploads` the
    /// variables do not hold (the coercion dropped it) is not sent. Throws
    /// ``GraphQLCoreError/Code/invalidVariable`` when the variables hold the place-holder of an upload
    /// that is not in `uploads`: that file could not be sent.
    public func placingUploads(_ uploads: some Sequence<Upload>) throws(GraphQLCoreError) -> GraphQLOperation {
        var byPlaceholder: [String: Upload] = [:]
        for upload in uploads { byPlaceholder[upload.placeholder] = upload }
        var placements: [UploadPlacement] = []
        var variables = self.variables
        for (key, value) in self.variables {
            variables[key] = try Self.replacing(
                value, path: "variables." + key, uploads: byPlaceholder, into: &placements)
        }
        guard !placements.isEmpty else { return self }
        var operation = self
        operation.variables = variables
        operation.uploads += placements
        return operation
    }

    /// `value` with every place-holder replaced by `null`. Recursive: coerced variables are at most 64
    /// levels deep.
    private static func replacing(
        _ value: JSONValue, path: String, uploads: [String: Upload], into placements: inout [UploadPlacement]
    ) throws(GraphQLCoreError) -> JSONValue {
        switch value {
        case .string(let string) where string.hasPrefix(Upload.placeholderPrefix):
            guard let upload = uploads[string] else {
                throw GraphQLCoreError(
                    .invalidVariable, "The variables hold an Upload at `\(path)` that the operation was not given.")
            }
            placements.append(UploadPlacement(path: path, upload: upload))
            return .null
        case .array(var items):
            for index in items.indices {
                items[index] = try replacing(
                    items[index], path: path + ".\(index)", uploads: uploads, into: &placements)
            }
            return .array(items)
        case .object(var object):
            for (key, item) in object {
                object[key] = try replacing(item, path: path + "." + key, uploads: uploads, into: &placements)
            }
            return .object(object)
        default:
            return value
        }
    }
}
