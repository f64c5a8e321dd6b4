import GraphQLCore

/// An error the server reported for one field, kept in the store where the field's value would
/// be: what a screen that reads the field is shown instead of a plain `null`.
///
/// Stored at the position of the response that became `null` for the error (the field itself, or
/// the nearest nullable parent the error bubbled to). A read reports it at the reading selection's
/// path to that position (``Snapshot/fieldErrors``); the stored value keeps the server's own path.
public struct FieldError: Error, Sendable, Hashable {
    /// What went wrong, as the server wrote it (may hold user data: never log it).
    public var message: String
    /// Where the error is: the server's response path when stored, the reading selection's path
    /// when read.
    public var path: [ResponsePathSegment]
    /// The server's `extensions` entry (for example a `code`).
    public var extensions: JSONObject

    /// An error from its parts.
    public init(message: String, path: [ResponsePathSegment] = [], extensions: JSONObject = [:]) {
        self.message = message
        self.path = path
        self.extensions = extensions
    }

    /// The JSON object the record format keeps (``RecordValue/fieldError(_:)``): `message`,
    /// `path`, and `extensions` when there are any.
    var stored: JSONValue {
        var object = JSONObject(minimumCapacity: 3)
        object.appendNew(key: "message", value: .string(message))
        object.appendNew(
            key: "path",
            value: .array(
                path.map {
                    switch $0 {
                    case .key(let key): .string(key)
                    case .index(let index): .int(index)
                    }
                }))
        if !extensions.isEmpty { object.appendNew(key: "extensions", value: .object(extensions)) }
        return .object(object)
    }

    /// The error a record format's JSON object holds, or `nil` when it is not one.
    init?(stored value: JSONValue) {
        guard case .object(let object) = value, case .string(let message)? = object["message"] else { return nil }
        var path: [ResponsePathSegment] = []
        if let steps = object["path"] {
            guard case .array(let items) = steps else { return nil }
            for item in items {
                switch item {
                case .string(let key): path.append(.key(key))
                case .int(let index): path.append(.index(index))
                default: return nil
                }
            }
        }
        var extensions: JSONObject = [:]
        if let value = object["extensions"] {
            guard case .object(let members) = value else { return nil }
            extensions = members
        }
        self.init(message: message, path: path, extensions: extensions)
    }
}
