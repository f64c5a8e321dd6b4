import Foundation

/// Decodes `Decodable` values straight from a ``JSONValue`` tree, without writing or reading JSON
/// text in between.
///
/// The store decodes snapshots into app models with it. It behaves as `JSONDecoder` does for the
/// same JSON: numbers convert to every integer width when they fit exactly (otherwise
/// `DecodingError.dataCorrupted`), `null` for a non-optional is `valueNotFound`, a missing key is
/// `keyNotFound`, and every error carries the coding path. `Date` reads per
/// ``dateDecodingStrategy`` (ISO 8601 strings unless told), `URL` from a string, `Data` from a
/// Base64 string, `Decimal` from a number, and ``JSONValue`` as the subtree itself.
public struct JSONValueDecoder: Sendable {
    /// How a `Date` is read.
    public enum DateDecodingStrategy: Sendable, Hashable {
        /// An ISO 8601 string, with or without fractional seconds (`2024-05-01T12:00:00Z`,
        /// `2024-05-01T12:00:00.250+02:00`): what GraphQL `DateTime` scalars send.
        case iso8601
        /// A number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// `Date`'s own `Decodable`: seconds since 2001-01-01T00:00:00Z.
        case deferredToDate
    }

    /// How a `Date` is read; ISO 8601 strings unless set.
    public var dateDecodingStrategy: DateDecodingStrategy = .iso8601

    /// Values handed to every `init(from:)` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A decoder with the default strategies.
    public init() {}

    /// Decodes a `T` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        let context = DecodingContext(dateDecodingStrategy: dateDecodingStrategy, userInfo: userInfo)
        return try Unboxing.decodable(
            value, as: type, at: CodingPathReference(parent: .root, key: nil), context: context)
    }
}

/// What every decoder and container of one `decode` call shares.
final class DecodingContext {
    let dateDecodingStrategy: JSONValueDecoder.DateDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]

    init(dateDecodingStrategy: JSONValueDecoder.DateDecodingStrategy, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.userInfo = userInfo
    }
}
