import GraphQLCore

/// Turns a response's `data` into record patches, walking the compiled selection (Relay's
/// `RelayResponseNormalizer`).
///
/// Pure: it reads nothing from the store, because every data ID comes from the response (key
/// functions) or from the path (client IDs). So it runs outside the store's lock, and a response
/// that does not fit its selection throws before anything is written: the caller applies the
/// patches only when the whole walk succeeded.
///
/// The walk recurses once per object or list level and fails with
/// ``StoreError/Code/nestingTooDeep`` beyond ``StoreConfiguration/maximumDepth``, so no response
/// can overflow the stack. Errors carry the response path, added as they travel up (nothing is
/// spent on paths while the walk succeeds).
struct ResponseNormalizer {
    let configuration: StoreConfiguration
    let variables: JSONObject
    /// The patches so far; the same object reached by two paths merges into one patch.
    private(set) var patches: [DataID: RecordPatch] = [:]
    /// The patched IDs in the order the walk finished them (children before their parent), so a
    /// source can lay out together what is read together.
    private(set) var order: [DataID] = []
    /// The list indices of the lists being walked; those from ``indexBase`` on belong to the
    /// current field of the current record, and go into client IDs.
    private var indices: [Int] = []
    private var indexBase = 0

    init(configuration: StoreConfiguration, variables: JSONObject) {
        self.configuration = configuration
        self.variables = variables
    }

    /// Normalizes `data` read with `selectionSet` into the record `dataID`.
    mutating func normalize(
        _ data: JSONValue, selectionSet: CompiledSelectionSet, into dataID: DataID
    ) throws(StoreError) {
        guard case .object(let object) = data else {
            throw StoreError(.notAnObject, "the response's data is \(Self.kind(of: data)), not an object")
        }
        try normalizeObject(object, selectionSet: selectionSet, dataID: dataID, depth: 1)
    }

    private mutating func normalizeObject(
        _ object: JSONObject, selectionSet: CompiledSelectionSet, dataID: DataID, depth: Int
    ) throws(StoreError) {
        let typename = try Self.typename(of: object)
        var cursor = ResponseCursor(object)
        var values: [String: RecordValue] = [:]
        values.reserveCapacity(selectionSet.selections.count)
        try collect(
            selectionSet, from: &cursor, typename: typename, dataID: dataID, depth: depth, into: &values)
        if var existing = patches.removeValue(forKey: dataID) {
            // Reached again (another path, or a cycle): later writes win, as they would in sequence.
            if let typename { existing.typename = typename }
            for (key, value) in values { existing.values[key] = value }
            patches[dataID] = existing
        } else {
            patches[dataID] = RecordPatch(typename: typename, values: values)
            order.append(dataID)
        }
    }

    private mutating func collect(
        _ selectionSet: CompiledSelectionSet, from cursor: inout ResponseCursor, typename: String?,
        dataID: DataID, depth: Int, into values: inout [String: RecordValue]
    ) throws(StoreError) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let key = field.responseKey
                guard let value = cursor.value(forKey: key) else {
                    throw StoreError(
                        .missingField, "the response has no `\(key)`, which the selection asks for", path: [key])
                }
                let storageKey = field.storageKey(variables: variables)
                do throws(StoreError) {
                    if let subselection = field.selectionSet {
                        values[storageKey] = try normalizeLinked(
                            value, selectionSet: subselection, parent: dataID, storageKey: storageKey,
                            depth: depth + 1)
                    } else {
                        values[storageKey] = try leaf(value, depth: depth + 1)
                    }
                } catch {
                    throw error.prefixed(key)
                }
            case .typeCase(let typeCase):
                guard let typename else {
                    throw StoreError(
                        .missingTypename,
                        "an object has no `__typename`, which the type condition on `\(typeCase.typeCondition)` needs")
                }
                if typeCase.matches(typename: typename) {
                    try collect(
                        typeCase.selectionSet, from: &cursor, typename: typename, dataID: dataID, depth: depth,
                        into: &values)
                }
            case .conditional(let conditional):
                if conditional.passes(variables: variables) {
                    try collect(
                        conditional.selectionSet, from: &cursor, typename: typename, dataID: dataID, depth: depth,
                        into: &values)
                }
            }
        }
    }

    /// The value of a field with a selection: null, an object (a link), or a list of these.
    private mutating func normalizeLinked(
        _ value: JSONValue, selectionSet: CompiledSelectionSet, parent: DataID, storageKey: String, depth: Int
    ) throws(StoreError) -> RecordValue {
        guard depth <= configuration.maximumDepth else { throw Self.tooDeep(configuration.maximumDepth) }
        switch value {
        case .null:
            return .null
        case .object(let object):
            let typename = try Self.typename(of: object)
            let dataID =
                typename.flatMap { configuration.dataID(typename: $0, object: object) }
                ?? DataID.client(parent: parent, storageKey: storageKey, indices: indices[indexBase...])
            // The object's own fields start a new client path: the lists above it are in its ID.
            let outerBase = indexBase
            indexBase = indices.count
            defer { indexBase = outerBase }
            try normalizeObject(object, selectionSet: selectionSet, dataID: dataID, depth: depth)
            return .link(dataID)
        case .array(let items):
            var links: [RecordValue] = []
            links.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                indices.append(index)
                defer { indices.removeLast() }
                do throws(StoreError) {
                    links.append(
                        try normalizeLinked(
                            item, selectionSet: selectionSet, parent: parent, storageKey: storageKey,
                            depth: depth + 1))
                } catch {
                    throw error.prefixed(String(index))
                }
            }
            return .links(links)
        default:
            throw StoreError(
                .typeMismatch,
                "expected an object, a list or null for a field with a selection, got \(Self.kind(of: value))")
        }
    }

    /// The value of a leaf field, whose own JSON nesting is bounded too: it is kept in the store,
    /// compared and eventually released, all of which walk it.
    private func leaf(_ value: JSONValue, depth: Int) throws(StoreError) -> RecordValue {
        switch value {
        case .null: return .null
        case .array, .object:
            if JSONDepth.exceeds(value, limit: configuration.maximumDepth - depth) {
                throw Self.tooDeep(configuration.maximumDepth)
            }
            return .scalar(value)
        default: return .scalar(value)
        }
    }

    private static func typename(of object: JSONObject) throws(StoreError) -> String? {
        switch object["__typename"] {
        case nil: return nil
        case .string(let typename)?: return typename
        case let other?:
            throw StoreError(.typeMismatch, "`__typename` is \(kind(of: other)), not a string", path: ["__typename"])
        }
    }

    private static func tooDeep(_ limit: Int) -> StoreError {
        StoreError(.nestingTooDeep, "the response nests objects and lists deeper than \(limit) levels")
    }

    /// The kind of a value, for messages that must not quote response values.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a Boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// Looks up response keys in an object, expecting them in selection order: servers answer in that
/// order, so each lookup is usually one comparison instead of a scan.
struct ResponseCursor {
    private let keys: [String]
    private let values: [JSONValue]
    private var next = 0

    init(_ object: JSONObject) {
        keys = object.keys
        values = object.values
    }

    mutating func value(forKey key: String) -> JSONValue? {
        if next < keys.count, keys[next] == key {
            next += 1
            return values[next - 1]
        }
        guard let index = keys.firstIndex(of: key) else { return nil }
        next = index + 1
        return values[index]
    }
}
