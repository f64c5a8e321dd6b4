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
    /// The records written so far, in the order the walk first reached them (a parent before its
    /// children, as reads and collections walk), so a source can lay out together what is read
    /// together; the same object reached by two paths is one record.
    private(set) var batch = NormalizedBatch()
    /// The fields of the objects being walked, innermost last: each object's are committed to the
    /// batch when its walk ends, so an object's fields stay together though its children's come
    /// between them.
    private var fieldStack: [NormalizedBatch.Field] = []
    /// The values of ``fieldStack``'s fields, innermost object's last: an object's are copied into
    /// its run when its walk ends and dropped here, so this holds only the open objects' values.
    private var scratch = RecordByteWriter(capacity: 4096)
    /// Each selection set's plan (``PlannedField``), by the address of its selections (alive and
    /// unchanged for the whole walk): a compiled field is read, and its storage key interned, once
    /// per walk, not once per object.
    private var plans: [UnsafeRawPointer: [PlannedField]] = [:]
    /// The list indices of the lists being walked; those from ``indexBase`` on belong to the
    /// current field of the current record, and go into client IDs.
    private var indices: [Int] = []
    /// The offset of the offset-list page being entered: the first index of its list.
    private var listOffset = 0
    private var indexBase = 0
    /// The `@connection` pages the response writes, for ``ConnectionMerge``.
    private(set) var pages: [ConnectionPage] = []
    /// The connection records of this walk: the items of their `edges` are named by node (or
    /// cursor), not by position, so that every page's edges can stand in one list.
    private var connectionRecords: Set<DataID> = []
    /// Set just before a `@connection` field's value is walked: the object it reaches is one.
    private var entersConnection = false
    /// The paths of the response's field errors; the walk carries its node in them (``FieldErrorPaths/none``
    /// where no error lies, so a response without errors looks nothing up).
    var errorPaths = FieldErrorPaths([], maximumSteps: 0)

    /// A normalizer for a response of about `expectedRecords` records (0 when not known), its
    /// tables sized for them at once.
    init(configuration: StoreConfiguration, variables: JSONObject, expectedRecords: Int = 0) {
        self.configuration = configuration
        self.variables = variables
        if expectedRecords > 0 { batch.reserve(records: expectedRecords) }
    }

    /// Normalizes `data` read with `selectionSet` into the record `dataID`; each of `fieldErrors`
    /// whose path reaches a `null` of the data is written there as ``RecordValue/fieldError(_:)``
    /// (``errorPaths`` says which were).
    mutating func normalize<Input: NormalizerInput>(
        _ data: Input, selectionSet: CompiledSelectionSet, into dataID: DataID, fieldErrors: [FieldError] = []
    ) throws(StoreError) {
        guard data.inputKind == .object else {
            throw StoreError(.notAnObject, "the response's data is \(data.inputKind.description), not an object")
        }
        var node = FieldErrorPaths.none
        if !fieldErrors.isEmpty {
            // A path step is a field or a list level, each of which is a level of depth.
            errorPaths = FieldErrorPaths(fieldErrors, maximumSteps: configuration.maximumDepth)
            node = errorPaths.root
        }
        try normalizeObject(data, selectionSet: selectionSet, dataID: dataID, depth: 1, errorNode: node)
    }

    private mutating func normalizeObject<Input: NormalizerInput>(
        _ object: Input, selectionSet: CompiledSelectionSet, dataID: DataID, depth: Int, errorNode: Int32
    ) throws(StoreError) {
        let typename = try Self.typename(of: object)
        // The record takes its place in the order before its children (pre-order, the order reads
        // and collections walk). Reached again (another path, or a cycle), later writes win, as
        // they would in sequence.
        let entry = batch.entry(for: dataID)
        let base = fieldStack.count
        let scratchBase = scratch.count
        var cursor = object.memberCursor()
        try collect(
            selectionSet, from: &cursor, typename: typename, dataID: dataID, depth: depth, errorNode: errorNode)
        scratch.withBytes { batch.commit(fieldStack[base...], values: $0, typename: typename, to: entry) }
        fieldStack.removeSubrange(base...)
        scratch.removeLast(scratch.count - scratchBase)
    }

    /// The plan of `selectionSet`, made on the first object the set is walked for.
    @inline(never)
    private mutating func plan(of selectionSet: CompiledSelectionSet) -> [PlannedField] {
        let address = selectionSet.selections.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        guard let address else { return [] }
        if let known = plans[address] { return known }
        var fields: [PlannedField] = []
        fields.reserveCapacity(selectionSet.selections.count)
        for selection in selectionSet.selections {
            fields.append(PlannedField(selection, variables: variables) { batch.keys.intern($0) })
        }
        plans[address] = fields
        return fields
    }

    /// Writes a field's value onto the scratch stack, and the field onto the current object's.
    @inline(never)
    private mutating func push(_ value: RecordValue, key: UInt32) {
        let start = scratch.count
        scratch.value(value)
        fieldStack.append(NormalizedBatch.Field(key: key, start: start, end: scratch.count))
    }

    /// Writes a string leaf from its UTF-8 bytes, as ``push(_:key:)`` writes it.
    private mutating func pushString(_ utf8: UnsafeBufferPointer<UInt8>, key: UInt32) {
        let start = scratch.count
        scratch.byte(RecordTag.string)
        scratch.varint(UInt64(utf8.count))
        scratch.append(UnsafeRawBufferPointer(utf8))
        fieldStack.append(NormalizedBatch.Field(key: key, start: start, end: scratch.count))
    }

    private mutating func collect<Cursor: NormalizerCursor>(
        _ selectionSet: CompiledSelectionSet, from cursor: inout Cursor, typename: String?,
        dataID: DataID, depth: Int, errorNode: Int32
    ) throws(StoreError) {
        let fields = plan(of: selectionSet)
        for position in fields.indices {
            guard fields[position].isField else {
                try collectBranch(
                    selectionSet.selections[position], of: selectionSet, from: &cursor, typename: typename,
                    dataID: dataID, depth: depth, errorNode: errorNode)
                continue
            }
            let key = fields[position].responseKey
            guard let value = cursor.value(forKey: key) else {
                // A deferred field comes in a later part of an incremental answer: the parts
                // before it are written without it, and what the store held for it stays.
                if fields[position].isDeferred { continue }
                throw Self.missingField(key, addedByClient: fields[position].isAddedByClient)
            }
            var fieldNode = FieldErrorPaths.none
            if errorNode != FieldErrorPaths.none {
                fieldNode = storeError(at: errorNode, key: key, value: value, fieldKey: fields[position].key)
                if fieldNode == FieldErrorPaths.stored { continue }
            }
            do throws(StoreError) {
                if let subselection = fields[position].subselection {
                    let storageKey = fields[position].storageKey
                    let connection = fields[position].connection
                    entersConnection = connection?.kind == .cursor
                    var offset = 0
                    if let connection, connection.kind == .offset {
                        offset = try Self.offset(of: connection, variables: variables)
                        listOffset = offset
                    }
                    let linked = try normalizeLinked(
                        value, selectionSet: subselection, parent: dataID, storageKey: storageKey,
                        shape: fields[position].shape, level: 0, depth: depth + 1, errorNode: fieldNode)
                    entersConnection = false
                    listOffset = 0
                    push(linked, key: fields[position].key)
                    if let connection {
                        try notePage(of: connection, value: linked, in: dataID, at: storageKey, offset: offset)
                    }
                } else {
                    let key = fields[position].key
                    // A string with no escape, and no shape to check it against, is copied from the
                    // input into the batch as it is (the bytes `json(.string(_:))` writes); the tree
                    // path's strings are `String`s already, so it never takes this way.
                    let copied =
                        fields[position].shape == nil && value.withPlainString { pushString($0, key: key) } != nil
                    if !copied {
                        var leafValue = try leaf(value, shape: fields[position].shape, depth: depth + 1)
                        // Errors below a list of leaves are at its items (decision 0218).
                        if fieldNode != FieldErrorPaths.none { leafValue = withItemErrors(leafValue, at: fieldNode) }
                        push(leafValue, key: key)
                    }
                }
            } catch {
                throw error.prefixed(.key(key))
            }
        }
    }

    /// The error-path node of the field `key` below `node`; when the value is `null` and an error
    /// lies there, the error is pushed as the field's value and ``FieldErrorPaths/stored`` returned.
    /// Not inlined, so that the field loop of a response without errors stays as it was.
    @inline(never)
    private mutating func storeError<Input: NormalizerInput>(
        at node: Int32, key: String, value: Input, fieldKey: UInt32
    ) -> Int32 {
        let fieldNode = errorPaths.child(node, .key(key))
        if fieldNode != FieldErrorPaths.none, value.inputKind == .null, let error = errorPaths.take(at: fieldNode) {
            push(.fieldError(error), key: fieldKey)
            return FieldErrorPaths.stored
        }
        return fieldNode
    }

    /// Collects a type case or a conditional of the object. Not inlined, so that the field loop's
    /// frame stays small.
    @inline(never)
    private mutating func collectBranch<Cursor: NormalizerCursor>(
        _ selection: CompiledSelection, of selectionSet: CompiledSelectionSet, from cursor: inout Cursor,
        typename: String?, dataID: DataID, depth: Int, errorNode: Int32
    ) throws(StoreError) {
        switch selection {
        case .field:
            return
        case .typeCase(let typeCase):
            guard let typename else {
                // The compiler adds `__typename` to every object selection; the type case needs it.
                let selected = selectionSet.selections.contains {
                    if case .field(let field) = $0 {
                        field.responseKey == "__typename" && !field.isAddedByClient
                    } else {
                        false
                    }
                }
                throw Self.missingField("__typename", addedByClient: !selected)
            }
            if typeCase.matches(typename: typename) {
                try collect(
                    typeCase.selectionSet, from: &cursor, typename: typename, dataID: dataID, depth: depth,
                    errorNode: errorNode)
            }
        case .conditional(let conditional):
            if conditional.passes(variables: variables) {
                try collect(
                    conditional.selectionSet, from: &cursor, typename: typename, dataID: dataID, depth: depth,
                    errorNode: errorNode)
            }
        }
    }

    /// The value of a field with a selection: null, an object (a link), or a list of these. `level` is
    /// the list level of `value` in the field's `shape` (0 for the field's value itself); without a
    /// shape any nesting and any null is taken.
    private mutating func normalizeLinked<Input: NormalizerInput>(
        _ value: Input, selectionSet: CompiledSelectionSet, parent: DataID, storageKey: String,
        shape: FieldShape?, level: Int, depth: Int, errorNode: Int32
    ) throws(StoreError) -> RecordValue {
        guard depth <= configuration.maximumDepth else { throw Self.tooDeep(configuration.maximumDepth) }
        switch value.inputKind {
        case .null:
            if let shape, !shape.allowsNull(atLevel: level) { throw Self.unexpectedNull() }
            return .null
        case .object:
            let object = value
            if let shape, level < shape.listDepth { throw Self.mismatch(expected: "a list", got: value.inputKind) }
            let typename = try Self.typename(of: object)
            let dataID = try objectID(
                object, typename: typename, selectionSet: selectionSet, parent: parent, storageKey: storageKey)
            if entersConnection {
                entersConnection = false
                connectionRecords.insert(dataID)
            }
            // The object's own fields start a new client path: the lists above it are in its ID.
            let outerBase = indexBase
            indexBase = indices.count
            defer { indexBase = outerBase }
            try normalizeObject(object, selectionSet: selectionSet, dataID: dataID, depth: depth, errorNode: errorNode)
            return .link(dataID)
        case .array:
            if let shape, level >= shape.listDepth { throw Self.mismatch(expected: "an object", got: value.inputKind) }
            var links: [RecordValue] = []
            links.reserveCapacity(value.inputCount)
            // An offset list's page names its items without IDs by their position in the whole list.
            let base = listOffset
            listOffset = 0
            for (index, item) in value.inputElements.enumerated() {
                indices.append(base + index)
                defer { indices.removeLast() }
                let itemNode =
                    errorNode == FieldErrorPaths.none
                    ? FieldErrorPaths.none : errorPaths.child(errorNode, .index(index))
                if itemNode != FieldErrorPaths.none, item.inputKind == .null, let error = errorPaths.take(at: itemNode)
                {
                    links.append(.fieldError(error))
                    continue
                }
                do throws(StoreError) {
                    links.append(
                        try normalizeLinked(
                            item, selectionSet: selectionSet, parent: parent, storageKey: storageKey,
                            shape: shape, level: level + 1, depth: depth + 1, errorNode: itemNode))
                } catch {
                    throw error.prefixed(.index(index))
                }
            }
            return .links(links)
        case .bool, .number, .string:
            throw StoreError(
                .typeMismatch,
                "expected an object, a list or null for a field with a selection, got \(value.inputKind.description)")
        }
    }

    /// The record an object goes into: the key function's ID, else an edge of a connection named
    /// by its node's ID (or its cursor), else a client ID from the path. Not inlined, so that the
    /// recursion's frame stays small.
    @inline(never)
    private func objectID<Input: NormalizerInput>(
        _ object: Input, typename: String?, selectionSet: CompiledSelectionSet, parent: DataID,
        storageKey: String
    ) throws(StoreError) -> DataID {
        if let typename, let id = configuration.dataID(typename: typename, input: object) { return id }
        if storageKey == ConnectionMerge.edgesKey, connectionRecords.contains(parent) {
            if let node = Self.responseKey(of: "node", in: selectionSet), let nodeObject = object.inputMember(node),
                nodeObject.inputKind == .object,
                let nodeTypename = try Self.typename(of: nodeObject),
                let nodeID = configuration.dataID(typename: nodeTypename, input: nodeObject)
            {
                return DataID.client(parent: parent, storageKey: ConnectionMerge.edgesKey + ":" + nodeID.rawValue)
            }
            if let cursor = Self.responseKey(of: "cursor", in: selectionSet),
                let text = object.inputMember(cursor)?.inputString
            {
                return DataID.client(parent: parent, storageKey: ConnectionMerge.edgesKey + ":cursor:" + text)
            }
            throw StoreError(.invalidConnectionPage, "an edge of the page has no cursor")
        }
        return DataID.client(parent: parent, storageKey: storageKey, indices: indices[indexBase...])
    }

    /// The response key of the field named `name` that `selectionSet` selects directly.
    private static func responseKey(of name: String, in selectionSet: CompiledSelectionSet) -> String? {
        for case .field(let field) in selectionSet.selections where field.name == name { return field.responseKey }
        return nil
    }

    /// The `offset` an offset list's page was asked with (0 when absent or null).
    private static func offset(of connection: CompiledConnection, variables: JSONObject) throws(StoreError) -> Int {
        guard let value = connection.pagingValue("offset", variables: variables) else { return 0 }
        guard case .int(let offset) = value, offset >= 0 else {
            throw StoreError(.invalidConnectionPage, "the page was asked for with an `offset` that is not an Int >= 0")
        }
        return offset
    }

    /// Notes the page a `@connection` field's value is, placed by the paging arguments it was asked
    /// with (`offset`: an offset list's, read once by the caller).
    @inline(never)
    private mutating func notePage(
        of connection: CompiledConnection, value: RecordValue?, in parent: DataID, at storageKey: String, offset: Int
    ) throws(StoreError) {
        if connection.kind == .offset {
            guard case .links? = value else { return }
            pages.append(
                ConnectionPage(record: parent, listKey: storageKey, placement: offset == 0 ? .replacing : .at(offset)))
            return
        }
        guard case .link(let record)? = value else { return }
        let placement: ConnectionPage.Placement
        if let after = connection.pagingValue("after", variables: variables) {
            guard case .string(let cursor) = after else { throw Self.cursorNotAString("after") }
            placement = .after(cursor)
        } else if let before = connection.pagingValue("before", variables: variables) {
            guard case .string(let cursor) = before else { throw Self.cursorNotAString("before") }
            placement = .before(cursor)
        } else {
            placement = .replacing
        }
        pages.append(ConnectionPage(record: record, listKey: ConnectionMerge.edgesKey, placement: placement))
    }

    private static func cursorNotAString(_ argument: String) -> StoreError {
        StoreError(.invalidConnectionPage, "the page was asked for with an `\(argument)` that is not a cursor string")
    }

    /// The value of a leaf field, whose own JSON nesting is bounded too: it is kept in the store,
    /// compared and eventually released, all of which walk it.
    private func leaf<Input: NormalizerInput>(_ input: Input, shape: FieldShape?, depth: Int) throws(StoreError)
        -> RecordValue
    {
        let value = input.materialized()
        if let shape { try Self.check(value, against: shape, level: 0) }
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

    /// Checks a leaf value against its shape: a null only where the level is nullable, a list at each
    /// declared list level and none below, and at the core a value of the built-in scalar's JSON kind
    /// (any scalar value when the shape does not say which), a string for an enum, anything for a
    /// custom scalar. Recurses once per list level the schema declares, not per level of the
    /// response, so the response cannot deepen it.
    private static func check(_ value: JSONValue, against shape: FieldShape, level: Int) throws(StoreError) {
        if case .null = value {
            if !shape.allowsNull(atLevel: level) { throw unexpectedNull() }
            return
        }
        if level < shape.listDepth {
            guard case .array(let items) = value else { throw mismatch(expected: "a list", got: value) }
            for (index, item) in items.enumerated() {
                do throws(StoreError) {
                    try check(item, against: shape, level: level + 1)
                } catch {
                    throw error.prefixed(.index(index))
                }
            }
            return
        }
        switch shape.namedKind {
        case .builtInScalar:
            if let scalar = shape.builtInScalar {
                if !ScalarKind.fits(value, scalar) { throw mismatch(expected: ScalarKind.expected(scalar), got: value) }
            } else if case .array = value {
                throw mismatch(expected: "a built-in scalar", got: value)
            } else if case .object = value {
                throw mismatch(expected: "a built-in scalar", got: value)
            }
        case .enumeration:
            guard case .string = value else { throw mismatch(expected: "an enum value (a string)", got: value) }
        case .customScalar, .composite:
            return
        }
    }

    /// A field of the selection the response lacks. One the client added to what it sent is named
    /// as such: the app's document does not select it, so the app's developer would not look for it.
    private static func missingField(_ key: String, addedByClient: Bool) -> StoreError {
        let why =
            addedByClient
            ? "which the client added to the operation it sent so that the store can identify and type the object"
                + " (the app's document does not select it); the server must answer every field it is sent"
            : "which the selection asks for"
        return StoreError(.missingField, "the response has no `\(key)`, \(why)", path: [.key(key)])
    }

    private static func unexpectedNull() -> StoreError {
        StoreError(.unexpectedNull, "the schema declares a non-null value here, the response has null")
    }

    private static func mismatch(expected: String, got value: JSONValue) -> StoreError {
        mismatch(expected: expected, got: value.inputKind)
    }

    private static func mismatch(expected: String, got kind: InputKind) -> StoreError {
        StoreError(.typeMismatch, "the schema declares \(expected) here, the response has \(kind.description)")
    }

    private static func typename<Input: NormalizerInput>(of object: Input) throws(StoreError) -> String? {
        guard let value = object.inputMember("__typename") else { return nil }
        if let typename = value.inputString { return typename }
        throw StoreError(
            .typeMismatch, "`__typename` is \(value.inputKind.description), not a string", path: ["__typename"])
    }

    private static func tooDeep(_ limit: Int) -> StoreError {
        StoreError(.nestingTooDeep, "the response nests objects and lists deeper than \(limit) levels")
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
