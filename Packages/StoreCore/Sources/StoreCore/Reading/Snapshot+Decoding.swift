import GraphQLCore

extension Snapshot {
    /// The data decoded into `type`, whose coding keys are the response keys.
    ///
    /// Throws ``StoreError`` with ``StoreError/Code/missingField`` when the root record does not
    /// exist, and the decoder's `DecodingError` when the data does not fit `type` (for example a
    /// non-optional property whose field is missing).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        guard let data else { throw StoreError(.missingField, "the snapshot's root record does not exist") }
        return try SnapshotDecoding.decode(type, from: data)
    }
}

/// The one place a JSON value becomes a `Decodable`: GraphQLCore's `JSONValueDecoder`, straight from
/// the value, with no JSON bytes in between.
enum SnapshotDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoder().decode(type, from: value)
    }
}
