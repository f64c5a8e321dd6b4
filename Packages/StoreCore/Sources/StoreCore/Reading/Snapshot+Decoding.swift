import Foundation
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

/// The one place a JSON value becomes a `Decodable`.
///
/// Goes through JSON bytes and `JSONDecoder` until GraphQLCore's `JSONValueDecoder` lands, which
/// decodes the value directly; swapping it in is a change to this function only.
enum SnapshotDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONDecoder().decode(type, from: value.serialized())
    }
}
