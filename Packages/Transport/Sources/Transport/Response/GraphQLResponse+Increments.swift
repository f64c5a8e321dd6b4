import GraphQLCore

extension GraphQLResponse {
    /// Folds `part`, the next part of this incremental answer, into it, so that ``data`` is the
    /// whole answer so far: each of the part's increments at its path (a deferred fragment's fields
    /// merged into the object there, streamed items appended to the list there), its errors after
    /// these, its extensions over these, and its ``hasNext``.
    ///
    /// All or nothing: when an increment does not fit (see
    /// ``TransportError/Code/invalidIncrement``), this answer is left as it was, so what a caller
    /// already wrote from it stays consistent.
    public mutating func apply(_ part: GraphQLResponse) throws(TransportError) {
        guard hasNext else {
            throw TransportError(.invalidIncrement, "a part arrived after the part that said no more would come")
        }
        guard var whole = data, case .object = whole else {
            throw TransportError(.invalidIncrement, "a later part arrived for an answer without data")
        }
        // The tree before the part stays referenced until the part fits whole, so a failed part
        // leaves it as it was; the containers along each increment's path are copied, the rest shared.
        for increment in part.increments {
            try Self.apply(increment.payload, to: &whole, at: increment.path[...], path: increment.path)
        }
        data = whole
        errors += part.errors
        for (key, value) in part.extensions { extensions[key] = value }
        hasNext = part.hasNext
    }

    // Recursion ends at the first segment the answer lacks, so it is never deeper than the answer,
    // which the JSON parser's nesting limit bounds.
    private static func apply(
        _ payload: GraphQLIncrement.Payload, to value: inout JSONValue, at rest: ArraySlice<ResponsePathSegment>,
        path: [ResponsePathSegment]
    ) throws(TransportError) {
        guard let segment = rest.first else {
            switch (payload, value) {
            case (.fields(let fields), .object(var object)):
                value = .null
                for (key, field) in fields { merge(field, forKey: key, into: &object) }
                value = .object(object)
            case (.items(let items), .array(var array)):
                value = .null
                array += items
                value = .array(array)
            case (.fields, _):
                throw mismatch(path, "the fields of a deferred fragment", found: value)
            case (.items, _):
                throw mismatch(path, "streamed items", found: value)
            }
            return
        }
        switch (segment, value) {
        case (.key(let key), .object(var object)):
            guard let index = object.index(forKey: key) else { throw absent(path) }
            var child = object.values[index]
            value = .null
            object[key] = .null
            try apply(payload, to: &child, at: rest.dropFirst(), path: path)
            object[key] = child
            value = .object(object)
        case (.index(let index), .array(var array)):
            guard array.indices.contains(index) else { throw absent(path) }
            var child = array[index]
            value = .null
            array[index] = .null
            try apply(payload, to: &child, at: rest.dropFirst(), path: path)
            array[index] = child
            value = .array(array)
        default:
            throw absent(path)
        }
    }

    /// Puts a deferred field into its object: an object already there (selected outside the
    /// fragment too) takes the new fields beside its own, as the server merges one response key.
    private static func merge(_ value: JSONValue, forKey key: String, into object: inout JSONObject) {
        guard let index = object.index(forKey: key) else {
            object.appendNew(key: key, value: value)
            return
        }
        guard case .object(var existing) = object.values[index], case .object(let added) = value else {
            object[key] = value
            return
        }
        object[key] = .null
        for (addedKey, addedValue) in added { merge(addedValue, forKey: addedKey, into: &existing) }
        object[key] = .object(existing)
    }

    private static func absent(_ path: [ResponsePathSegment]) -> TransportError {
        TransportError(
            .invalidIncrement, "an increment adds at \(Self.describe(path)), which the answer so far does not have")
    }

    private static func mismatch(_ path: [ResponsePathSegment], _ what: String, found: JSONValue) -> TransportError {
        let kind =
            switch found {
            case .object: "an object"
            case .array: "a list"
            case .null: "null"
            default: "a leaf"
            }
        return TransportError(.invalidIncrement, "\(what) go to \(Self.describe(path)), where the answer has \(kind)")
    }

    private static func describe(_ path: [ResponsePathSegment]) -> String {
        path.isEmpty ? "the root" : path.map(\.description).joined(separator: ".")
    }
}
