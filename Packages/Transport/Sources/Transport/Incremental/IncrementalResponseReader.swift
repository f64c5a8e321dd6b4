import Foundation
import GraphQLCore

/// Reads the parts of an incremental answer (`@defer`/`@stream`) in the format graphql-core 3.3 and
/// Strawberry send, `incrementalSpec=v0.2`: an initial part with `data`, `pending` and `hasNext`, then
/// parts with `incremental` entries that name a pending `id`, `completed` ids and `hasNext`.
///
/// It keeps the pending ids and their paths, so that each ``GraphQLIncrement`` comes out with its
/// path from the operation's root (`pending.path` followed by the entry's `subPath`). A part that is
/// not JSON is ``TransportError/Code/notJSON``; one that does not follow the format (an unknown id, a
/// later part with `data`, entries of the wrong type) is ``TransportError/Code/invalidResponse``.
/// A value type fed one part at a time, so it is tested without networking.
struct IncrementalResponseReader: Sendable {
    /// The pending ids announced and not yet completed, with their paths.
    private var pending: [String: [ResponsePathSegment]] = [:]
    /// How many parts were read.
    private(set) var partCount = 0
    /// Whether a part with `hasNext: false` (or without `hasNext`) was read: the answer is complete.
    private(set) var isComplete = false

    /// The response of one part's body.
    mutating func read(_ body: [UInt8]) throws(TransportError) -> GraphQLResponse {
        guard !isComplete else {
            throw Self.invalid("a part follows the one with `hasNext: false`")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Data(body))
        } catch {
            throw TransportError(
                .notJSON, "part \(partCount) of the multipart answer is not JSON (\(body.count) bytes)",
                bodyKind: .other)
        }
        return try read(json: json)
    }

    /// The response of one part already parsed: a `next` message's payload over WebSocket, where
    /// each part of an incremental answer is one message.
    mutating func read(json: JSONValue) throws(TransportError) -> GraphQLResponse {
        guard !isComplete else {
            throw Self.invalid("a part follows the one with `hasNext: false`")
        }
        defer { partCount += 1 }
        guard let object = json.objectValue else { throw Self.invalid("part \(partCount) is not a JSON object") }
        let hasNext: Bool
        switch object["hasNext"] {
        case nil, .null?: hasNext = false
        case .bool(let value)?: hasNext = value
        default: throw Self.invalid("`hasNext` of part \(partCount) is not a Boolean")
        }
        var response: GraphQLResponse
        if partCount == 0 {
            response = try GraphQLResponse(json: json)
        } else {
            if object["data"] != nil { throw Self.invalid("a later part (\(partCount)) has `data`") }
            response = GraphQLResponse()
            response.errors = try Self.errors(object["errors"])
            if case .object(let extensions)? = object["extensions"] { response.extensions = extensions }
        }
        response.hasNext = hasNext
        try addPending(object["pending"])
        response.increments = try increments(object["incremental"], errors: &response.errors)
        try complete(object["completed"], errors: &response.errors)
        isComplete = !hasNext
        return response
    }

    private mutating func addPending(_ value: JSONValue?) throws(TransportError) {
        guard let value, !value.isNull else { return }
        guard case .array(let entries) = value else { throw Self.invalid("`pending` is not a list") }
        for entry in entries {
            guard let id = entry["id"]?.stringValue else { throw Self.invalid("a `pending` entry has no string `id`") }
            guard pending[id] == nil else { throw Self.invalid("the pending id \"\(id)\" is announced twice") }
            pending[id] = try Self.path(entry["path"], name: "path")
        }
    }

    private func increments(
        _ value: JSONValue?, errors: inout [GraphQLServerError]
    ) throws(TransportError) -> [GraphQLIncrement] {
        guard let value, !value.isNull else { return [] }
        guard case .array(let entries) = value else { throw Self.invalid("`incremental` is not a list") }
        var increments: [GraphQLIncrement] = []
        increments.reserveCapacity(entries.count)
        for entry in entries {
            guard let id = entry["id"]?.stringValue else {
                throw Self.invalid("an `incremental` entry has no string `id`")
            }
            guard let base = pending[id] else {
                throw Self.invalid("an `incremental` entry names the id \"\(id)\", which is not pending")
            }
            let path = base + (try Self.path(entry["subPath"], name: "subPath"))
            let label = entry["label"]?.stringValue
            errors += try Self.errors(entry["errors"])
            switch (entry["data"], entry["items"]) {
            case (.object(let fields)?, nil):
                increments.append(GraphQLIncrement(path: path, payload: .fields(fields), label: label))
            case (nil, .array(let items)?):
                increments.append(GraphQLIncrement(path: path, payload: .items(items), label: label))
            default:
                throw Self.invalid("an `incremental` entry has neither an object `data` nor a list `items`")
            }
        }
        return increments
    }

    private mutating func complete(_ value: JSONValue?, errors: inout [GraphQLServerError]) throws(TransportError) {
        guard let value, !value.isNull else { return }
        guard case .array(let entries) = value else { throw Self.invalid("`completed` is not a list") }
        for entry in entries {
            guard let id = entry["id"]?.stringValue else {
                throw Self.invalid("a `completed` entry has no string `id`")
            }
            guard pending.removeValue(forKey: id) != nil else {
                throw Self.invalid("a `completed` entry names the id \"\(id)\", which is not pending")
            }
            // A deferred fragment or a stream that failed as a whole says why here.
            errors += try Self.errors(entry["errors"])
        }
    }

    private static func errors(_ value: JSONValue?) throws(TransportError) -> [GraphQLServerError] {
        guard let value, !value.isNull else { return [] }
        if case .array(let items) = value, items.isEmpty { return [] }
        // The one reader of server errors: a response of these errors alone.
        return try GraphQLResponse(json: .object(["errors": value])).errors
    }

    private static func path(_ value: JSONValue?, name: String) throws(TransportError) -> [ResponsePathSegment] {
        guard let value, !value.isNull else { return [] }
        guard case .array(let items) = value else { throw invalid("a `\(name)` is not a list") }
        var path: [ResponsePathSegment] = []
        path.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .string(let key): path.append(.key(key))
            case .int(let index): path.append(.index(index))
            default: throw invalid("a `\(name)` segment is neither a string nor an integer")
            }
        }
        return path
    }

    private static func invalid(_ message: String) -> TransportError {
        TransportError(.invalidResponse, message, bodyKind: .json)
    }
}
