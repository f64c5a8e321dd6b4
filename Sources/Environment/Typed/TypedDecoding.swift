import GraphQLCore

/// The one decode of a screen's data into its type: the data's field errors go to the generated
/// `@catch` properties (``FieldErrorCatcher``), a `null` that no `@catch` took fails with
/// ``NullValueError``, and any other misfit with ``HandleError/Code/dataMismatch``.
enum TypedDecoding {
    /// A decoder whose generated `@catch` properties take `fieldErrors` (at their paths in the data).
    static func decoder(catching fieldErrors: [FieldError]) -> JSONValueDecoder {
        var decoder = JSONValueDecoder()
        // Data without errors decodes as it always did: nothing to catch, nothing to look up.
        if !fieldErrors.isEmpty { decoder.userInfo[FieldErrorCatcher.userInfoKey] = FieldErrorCatcher(fieldErrors) }
        return decoder
    }

    /// `data` decoded into `type`, with `fieldErrors` at their paths in `data`.
    ///
    /// `mismatch` words the ``HandleError`` message from the failure's description (path and
    /// expectation, no value).
    static func decode<Data: Decodable>(
        _ type: Data.Type, from data: JSONValue, fieldErrors: [FieldError], operationName: String?,
        mismatch: (String) -> String
    ) throws -> Data {
        let decoder = Self.decoder(catching: fieldErrors)
        do {
            return try decoder.decode(type, from: data)
        } catch DecodingError.valueNotFound(let expected, let context) {
            let path = context.codingPath.map { key in
                key.intValue.map { ResponsePathSegment.index($0) } ?? .key(key.stringValue)
            }
            let shown = path.isEmpty ? "the root" : path.map(\.description).joined(separator: ".")
            // The store reports an error where its `null` is; a server's own path may name a
            // non-null field below it (the `null` bubbled up), or the field above a failed list item.
            if let error = fieldErrors.first(where: { $0.path.starts(with: path) || path.starts(with: $0.path) }) {
                throw NullValueError(
                    .fieldError, operationName: operationName, path: path, fieldError: error,
                    message: "a field error left null at \(shown), where \(expected) is required and no @catch "
                        + "takes it")
            }
            throw NullValueError(
                .nullWithoutError, operationName: operationName, path: path,
                message: "null at \(shown), where \(expected) is required, with no field error there")
        } catch {
            throw HandleError(
                .dataMismatch, operationName: operationName, message: mismatch(DecodingFailure.describe(error)))
        }
    }
}
