import GraphQLCore

/// The record format's form of a field error (``RecordValue/fieldError(_:)``): one encoding for the
/// in-memory store and the SQLite file.
extension FieldError {
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
