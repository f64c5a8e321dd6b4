import Foundation

/// How a generated selection's memberwise initializer builds the object it is a view of, for
/// previews and test fixtures: each property's value as an answer holds it.
extension JSONObject {
    /// Sets `key` to `value` (`null` for `nil`).
    public mutating func __set<T: GraphQLAnswerValue>(_ key: String, _ value: T) {
        self[key] = value.__answer
    }

    /// Sets `key` to a custom scalar's or an enum's value, as `JSONEncoder` writes it (ISO 8601 dates,
    /// as ``JSONValueDecoder`` reads them back).
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    public mutating func __set<T: Encodable>(_ key: String, _ value: T) {
        self[key] = Self.encoded(value)
    }

    /// Sets `key` when `value` is not `nil`: a field the answer may lack is left out.
    public mutating func __setIfPresent<T: GraphQLAnswerValue>(_ key: String, _ value: T?) {
        if let value { self[key] = value.__answer }
    }

    /// Sets `key` to a custom scalar's or an enum's value when it is not `nil`.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    public mutating func __setIfPresent<T: Encodable>(_ key: String, _ value: T?) {
        if let value { self[key] = Self.encoded(value) }
    }

    /// Adds the fields of a view of the same object (a type condition's or a fragment's).
    public mutating func __merge<T: GraphQLSelection>(_ view: T?) {
        guard let view else { return }
        for (key, value) in view.__data { self[key] = value }
    }

    /// Adds the fields a masked fragment's reference encodes (`__typename` and the key fields).
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    public mutating func __merge<T: Encodable>(_ view: T?) {
        guard let view, case .object(let object) = Self.encoded(view) else { return }
        for (key, value) in object { self[key] = value }
    }

    private static func encoded(_ value: some Encodable) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        // A preview's value that does not encode is left `null`: an initializer for fixtures does not throw.
        guard let data = try? encoder.encode(value), let json = try? JSONValue(parsing: data) else { return .null }
        return json
    }
}
