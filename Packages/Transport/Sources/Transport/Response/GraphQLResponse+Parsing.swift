import Foundation
@_spi(Runtime) import GraphQLCore

extension GraphQLResponse {
    /// Reads a GraphQL response from JSON text.
    ///
    /// The whole text is checked as JSON, but `data`, when it is an object, is not made a
    /// `JSONValue`: the response keeps its text (``dataJSON``), so that the runtime can normalize the
    /// answer from the bytes, with no tree of it alive.
    ///
    /// Throws ``TransportError`` with ``TransportError/Code/notJSON`` for text that is not JSON, and
    /// ``TransportError/Code/invalidResponse`` for JSON that is not a GraphQL response: not an object,
    /// neither `data` nor `errors`, or an entry of the wrong type.
    public init(parsing body: Data) throws(TransportError) {
        let json: JSONValue
        let dataRange: Range<Data.Index>?
        let checked: JSONText?
        do {
            // The tape of `data` is built as it is checked, so the store does not scan it again.
            (json, dataRange, checked) = try JSONReader().read(body, tapingMember: "data")
        } catch {
            throw TransportError(.notJSON, "the body is not JSON (\(body.count) bytes)", bodyKind: .other)
        }
        guard let dataRange, body[dataRange.lowerBound] == UInt8(ascii: "{"), case .object(var object) = json else {
            // No `data` object (absent, `null`, of the wrong type) or not an object at all: read as a
            // tree, which holds no answer to keep as text.
            try self.init(json: dataRange.map { Self.restoring(json, data: body[$0]) } ?? json)
            return
        }
        // Checked as the envelope of a response with an object `data`, with `{}` standing in for it.
        object["data"] = .object([:])
        let shape = try GraphQLResponse(json: .object(object))
        self.init(
            body: body, dataRange: dataRange, checked: checked, errors: shape.errors, extensions: shape.extensions)
    }

    /// `json` with its `data` member read back from `text` (a `null` or a value of the wrong type, both
    /// small), so the tree path checks and reports it.
    private static func restoring(_ json: JSONValue, data text: Data) -> JSONValue {
        guard case .object(var object) = json, let data = try? JSONReader().read(text) else { return json }
        object["data"] = data
        return .object(object)
    }

    /// Reads a GraphQL response from a parsed JSON value; see ``init(parsing:)``.
    public init(json: JSONValue) throws(TransportError) {
        guard let object = json.objectValue else {
            throw Self.invalid("the body is JSON but not an object")
        }
        guard object["data"] != nil || object["errors"] != nil else {
            throw Self.invalid("the object has neither `data` nor `errors`")
        }
        var data: JSONValue?
        switch object["data"] {
        case nil: data = nil
        case .null?: data = .null
        case .object(let value)?: data = .object(value)
        default: throw Self.invalid("`data` is neither an object nor null")
        }
        var errors: [GraphQLServerError] = []
        switch object["errors"] {
        case nil, .null?: break
        case .array(let items)?:
            errors.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                errors.append(try Self.serverError(item, at: index))
            }
        default: throw Self.invalid("`errors` is not a list")
        }
        var extensions = JSONObject()
        switch object["extensions"] {
        case nil, .null?: break
        case .object(let value)?: extensions = value
        default: throw Self.invalid("`extensions` is not an object")
        }
        if data == nil && errors.isEmpty {
            throw Self.invalid("the response has no `data` and an empty `errors` list")
        }
        self.init(data: data, errors: errors, extensions: extensions)
    }

    private static func serverError(_ value: JSONValue, at index: Int) throws(TransportError) -> GraphQLServerError {
        guard let object = value.objectValue, let message = object["message"]?.stringValue else {
            throw invalid("error \(index) has no string `message`")
        }
        var locations: [SourceLocation] = []
        switch object["locations"] {
        case nil, .null?: break
        case .array(let items)?:
            for item in items {
                guard case .int(let line)? = item["line"], case .int(let column)? = item["column"] else {
                    throw invalid("error \(index) has a location without integer `line` and `column`")
                }
                locations.append(SourceLocation(line: line, column: column))
            }
        default: throw invalid("error \(index) has `locations` that is not a list")
        }
        var path: [GraphQLServerError.PathSegment] = []
        switch object["path"] {
        case nil, .null?: break
        case .array(let items)?:
            for item in items {
                switch item {
                case .string(let key): path.append(.key(key))
                case .int(let position): path.append(.index(position))
                default: throw invalid("error \(index) has a `path` segment that is neither a string nor an integer")
                }
            }
        default: throw invalid("error \(index) has `path` that is not a list")
        }
        var extensions = JSONObject()
        switch object["extensions"] {
        case nil, .null?: break
        case .object(let value)?: extensions = value
        default: throw invalid("error \(index) has `extensions` that is not an object")
        }
        return GraphQLServerError(message: message, locations: locations, path: path, extensions: extensions)
    }

    private static func invalid(_ message: String) -> TransportError {
        TransportError(.invalidResponse, message, bodyKind: .json)
    }
}
