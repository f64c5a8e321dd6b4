import GraphQLCore
import Primitives

/// Reads a selection from a record back into the JSON the server would have answered (Relay's
/// `RelayReader`), noting missing data, the records seen and the oldest write time.
///
/// The data is what a spec-conforming server answers to the app's document: fields the compiler
/// added (`CompiledField.isAddedByClient`: `__typename`, key fields) are read, so that their absence
/// is missing data, but left out; keys come in the order of the server's field collection, which the
/// compiled tree keeps (see `SelectionMerging` in GraphQLCore): each response key at its first
/// occurrence in document order among the selections that apply to the record's type.
///
/// The walk follows the selection, which is finite, so cycles in the record graph end; list
/// nesting in records is bounded by the normalizer's depth limit.
struct SnapshotReader<Lookup: RecordLookup> {
    let lookup: Lookup
    let variables: JSONObject
    /// The records read so far (``Snapshot/seenRecords``).
    private var seen = SeenRecords()
    private(set) var isMissingData = false
    /// Whether something other than a deferred field (`CompiledField.isDeferred`) is missing.
    private(set) var isMissingUndeferredData = false
    private(set) var oldestWriteTime: WallInstant?
    /// The record whose fields' storage keys are noted in ``trackedFields`` (a subscription's root
    /// record, which its index entries name by field), or `nil` to note none.
    let trackedRecord: DataID?
    /// The storage keys of the fields read (found or missing) on ``trackedRecord``.
    private(set) var trackedFields: Set<String> = []
    /// The stored field errors read (``Snapshot/fieldErrors``), at ``path`` when ``tracksPaths``.
    private(set) var fieldErrors: [FieldError] = []
    /// Whether the walk keeps ``path``: only a second read does, made when the first met a field
    /// error, so that a read without errors spends nothing on paths.
    private var tracksPaths = false
    /// The response path of the value being read, when ``tracksPaths``.
    private var path: [ResponsePathSegment] = []

    /// The compiled fields' storage keys resolved in the in-memory source's key table.
    private var fieldKeys: FieldKeys
    /// The in-memory source, when the read can find records in it by position and follow the links
    /// in their bytes without making a `DataID` of each (``RecordLookup/directSource``).
    private let source: InMemoryRecordSource?

    init(lookup: Lookup, variables: JSONObject, trackedRecord: DataID? = nil) {
        self.lookup = lookup
        fieldKeys = FieldKeys(table: lookup.keyTable, resolver: lookup.resolver)
        source = lookup.directSource
        self.variables = variables
        self.trackedRecord = trackedRecord
    }

    /// Reads `root`, with `invalidationPoint` deciding ``Snapshot/isInvalidated``.
    static func read(_ root: StoreRoot, from lookup: Lookup, invalidationPoint: WallInstant?) -> Snapshot {
        var reader = SnapshotReader(lookup: lookup, variables: root.variables)
        return reader.snapshot(of: root, invalidationPoint: invalidationPoint)
    }

    /// Reads `root` as ``read(_:from:invalidationPoint:)`` does, and returns the storage keys of the
    /// fields read on its root record too: what a subscription's index entries name.
    static func readTrackingRootFields(
        _ root: StoreRoot, from lookup: Lookup, invalidationPoint: WallInstant?
    ) -> (snapshot: Snapshot, rootFields: Set<String>) {
        var reader = SnapshotReader(lookup: lookup, variables: root.variables, trackedRecord: root.dataID)
        let snapshot = reader.snapshot(of: root, invalidationPoint: invalidationPoint)
        return (snapshot, reader.trackedFields)
    }

    private mutating func snapshot(of root: StoreRoot, invalidationPoint: WallInstant?) -> Snapshot {
        let data = readRecord(root.dataID, selectionSet: root.selectionSet)
        let invalidated =
            if let oldest = oldestWriteTime, let invalidationPoint { oldest <= invalidationPoint } else { false }
        var snapshot = Snapshot(
            data: data, isMissingData: isMissingData, seenRecords: seen.set(), oldestWriteTime: oldestWriteTime,
            isInvalidated: invalidated, missesOnlyDeferredFields: isMissingData && !isMissingUndeferredData)
        if !fieldErrors.isEmpty {
            var tracing = SnapshotReader(lookup: lookup, variables: variables)
            tracing.tracksPaths = true
            _ = tracing.readRecord(root.dataID, selectionSet: root.selectionSet)
            snapshot.fieldErrors = tracing.fieldErrors
        }
        return snapshot
    }

    /// Notes a stored field error read where the walk is.
    @inline(never)
    private mutating func noteFieldError(_ error: FieldError) {
        var error = error
        if tracksPaths { error.path = path }
        fieldErrors.append(error)
    }

    private mutating func readRecord(_ dataID: DataID, selectionSet: CompiledSelectionSet) -> JSONValue? {
        if let source, let position = source.position(of: dataID) {
            return readRecord(at: position, in: source, selectionSet: selectionSet)
        }
        seen.insert(dataID)
        guard let record = lookup.lookupRecord(dataID) else {
            noteMissing()
            // The record's first write lists the keys it writes; a subscription rooted here must be
            // indexed under the fields it will read, or that write could not find it.
            if trackedRecord == dataID { noteTrackedKeys(of: selectionSet) }
            return nil
        }
        return read(record, tracking: trackedRecord == dataID, in: nil, selectionSet: selectionSet)
    }

    /// Reads the in-memory source's record at `position`: it is marked seen by position, and its
    /// ID is the table's own (no `DataID` is made or hashed).
    private mutating func readRecord(
        at position: Int, in source: InMemoryRecordSource, selectionSet: CompiledSelectionSet
    ) -> JSONValue? {
        seen.insert(position: position, of: source.positions) { source.table.ids[position] }
        let tracking = trackedRecord.map { $0 == source.table.ids[position] } ?? false
        return read(source.view(at: position), tracking: tracking, in: source, selectionSet: selectionSet)
    }

    private mutating func read(
        _ record: RecordView, tracking: Bool, in source: InMemoryRecordSource?, selectionSet: CompiledSelectionSet
    ) -> JSONValue? {
        let plan = fieldKeys.plan(of: selectionSet, variables: variables)
        if plan.fieldsOnly { return readFields(plan: plan, of: record, in: source, tracking: tracking) }
        var object = JSONObject(minimumCapacity: selectionSet.selections.count)
        read(selectionSet, plan: plan, of: record, in: source, into: &object, appending: false, tracking: tracking)
        return .object(object)
    }

    /// Reads a set of fields alone, where each response key comes once: the object shares the
    /// plan's keys when none is missing, so it costs one array (its values), not two.
    private mutating func readFields(
        plan: FieldKeys.Plan, of record: RecordView, in source: InMemoryRecordSource?, tracking: Bool
    ) -> JSONValue {
        var values: [JSONValue] = []
        values.reserveCapacity(plan.responseKeys.count)
        // `nil` while the keys are the plan's; made from the keys so far when a field is missing.
        var keys: [String]? = nil
        let hasTable = fieldKeys.hasTable
        var cursor = FieldCursor()
        plan.selections.withUnsafeBufferPointer { fields in
            guard let first = fields.baseAddress else { return }
            for position in fields.indices {
                let value = value(
                    of: first + position, in: record, source: source, hasTable: hasTable, cursor: &cursor,
                    tracking: tracking)
                if fields[position].isAddedByClient { continue }
                guard let value else {
                    if keys == nil { keys = Array(plan.responseKeys[..<values.count]) }
                    continue
                }
                values.append(value)
                keys?.append(fields[position].responseKey)
            }
        }
        return .object(JSONObject(distinctKeys: keys ?? plan.responseKeys, values: values))
    }

    private mutating func read(
        _ selectionSet: CompiledSelectionSet, of record: RecordView, in source: InMemoryRecordSource?,
        into object: inout JSONObject, appending: Bool, tracking: Bool
    ) {
        let plan = fieldKeys.plan(of: selectionSet, variables: variables)
        read(selectionSet, plan: plan, of: record, in: source, into: &object, appending: appending, tracking: tracking)
    }

    private mutating func read(
        _ selectionSet: CompiledSelectionSet, plan: FieldKeys.Plan, of record: RecordView,
        in source: InMemoryRecordSource?, into object: inout JSONObject, appending: Bool, tracking: Bool
    ) {
        let hasTable = fieldKeys.hasTable
        var cursor = FieldCursor()
        plan.selections.withUnsafeBufferPointer { fields in
            guard let first = fields.baseAddress else { return }
            for position in fields.indices {
                guard fields[position].isField else {
                    readBranch(
                        selectionSet.selections[position], of: record, in: source, into: &object, tracking: tracking)
                    continue
                }
                guard
                    let value = value(
                        of: first + position, in: record, source: source, hasTable: hasTable, cursor: &cursor,
                        tracking: tracking),
                    !fields[position].isAddedByClient
                else { continue }
                if appending {
                    object.appendNew(key: fields[position].responseKey, value: value)
                } else {
                    Self.merge(value, forKey: fields[position].responseKey, into: &object)
                }
            }
        }
    }

    /// The value of the plan's `field` in `record`, noting what reading it finds (missing data, the
    /// oldest write time, a tracked storage key); `nil` when it is missing or not this selection's
    /// data. Takes the field where it lies in the plan: a copy would retain its keys and
    /// sub-selection for every field of every record.
    @inline(__always)
    private mutating func value(
        of field: UnsafePointer<FieldKeys.Field>, in record: RecordView, source: InMemoryRecordSource?,
        hasTable: Bool, cursor: inout FieldCursor, tracking: Bool
    ) -> JSONValue? {
        if tracking { trackedFields.insert(field.pointee.storageKey) }
        guard
            let stored = record.field(
                field.pointee.storageKey, index: hasTable ? field.pointee.index : nil, cursor: &cursor)
        else {
            if let fallback = field.pointee.fallback, let value = fallback.value(parentTypename: record.typename) {
                return readFallback(value, subselection: field.pointee.subselection)
            }
            noteMissing(deferred: field.pointee.isDeferred)
            return nil
        }
        if let oldest = oldestWriteTime {
            if stored.writtenAt < oldest { oldestWriteTime = stored.writtenAt }
        } else {
            oldestWriteTime = stored.writtenAt
        }
        if tracksPaths { path.append(.key(field.pointee.responseKey)) }
        defer { if tracksPaths { path.removeLast() } }
        guard let subselection = field.pointee.subselection else { return readLeaf(stored.value) }
        if let source, case .encoded(let encoded) = stored {
            var offset = encoded.offset
            return readLinked(encoded.base, &offset, in: source, selectionSet: subselection)
        }
        return readLinked(stored.value, selectionSet: subselection)
    }

    /// Reads what a redirect or a missing-field handler says a field its record lacks holds. Not
    /// inlined: it is off the path of a field the record has.
    @inline(never)
    private mutating func readFallback(_ value: RecordValue, subselection: CompiledSelectionSet?) -> JSONValue? {
        guard let subselection else { return readLeaf(value) }
        return readLinked(value, selectionSet: subselection)
    }

    /// Reads a type case or a conditional of `record`. Not inlined, so that the field loop's frame
    /// stays small.
    @inline(never)
    private mutating func readBranch(
        _ selection: CompiledSelection, of record: RecordView, in source: InMemoryRecordSource?,
        into object: inout JSONObject, tracking: Bool
    ) {
        switch selection {
        case .field:
            return
        case .typeCase(let typeCase):
            if tracking { trackedFields.insert(Self.typenameKey) }
            guard let typename = record.typename else {
                noteMissing()
                return
            }
            if typeCase.matches(typename: typename) {
                read(
                    typeCase.selectionSet, of: record, in: source, into: &object, appending: false, tracking: tracking)
            }
        case .conditional(let conditional):
            if conditional.passes(variables: variables) {
                read(
                    conditional.selectionSet, of: record, in: source, into: &object, appending: false,
                    tracking: tracking)
            }
        }
    }

    private mutating func noteMissing(deferred: Bool = false) {
        isMissingData = true
        if !deferred { isMissingUndeferredData = true }
    }

    /// The key under which a subscription rooted at a record is indexed for that record's
    /// typename: a type case there reads it, and a record's first write lists it when it has one.
    static var typenameKey: String { "__typename" }

    /// Notes every storage key `selectionSet` could read on the tracked record, in every type case
    /// and conditional (the record is absent, so neither its typename nor a branch is known yet).
    private mutating func noteTrackedKeys(of selectionSet: CompiledSelectionSet) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): trackedFields.insert(field.storageKey(variables: variables))
            case .typeCase(let typeCase):
                trackedFields.insert(Self.typenameKey)
                noteTrackedKeys(of: typeCase.selectionSet)
            case .conditional(let conditional): noteTrackedKeys(of: conditional.selectionSet)
            }
        }
    }

    private mutating func readLinked(_ value: RecordValue, selectionSet: CompiledSelectionSet) -> JSONValue? {
        switch value {
        case .null:
            return .null
        case .link(let dataID):
            return readRecord(dataID, selectionSet: selectionSet)
        case .links(let items):
            var array: [JSONValue] = []
            array.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                if tracksPaths { path.append(.index(index)) }
                array.append(readLinked(item, selectionSet: selectionSet) ?? .null)
                if tracksPaths { path.removeLast() }
            }
            return .array(array)
        case .fieldError(let error):
            noteFieldError(error)
            return .null
        case .scalar:
            // Written as a leaf by an operation that saw a different schema: not this selection's data.
            noteMissing()
            return nil
        }
    }

    /// ``readLinked(_:selectionSet:)`` for the value at `cursor` in one of `source`'s records'
    /// bytes, moving past it: each link's record is found by the bytes of its ID.
    private mutating func readLinked(
        _ base: UnsafeRawPointer, _ cursor: inout Int, in source: InMemoryRecordSource,
        selectionSet: CompiledSelectionSet
    ) -> JSONValue? {
        switch EncodedBytes.byte(base, &cursor) {
        case RecordTag.null:
            return .null
        case RecordTag.link:
            let length = Int(EncodedBytes.varint(base, &cursor))
            let bytes = UnsafeRawBufferPointer(start: base + cursor, count: length)
            cursor += length
            guard let position = source.position(ofUTF8: bytes) else {
                return readRecord(DataID(String(decoding: bytes, as: UTF8.self)), selectionSet: selectionSet)
            }
            return readRecord(at: position, in: source, selectionSet: selectionSet)
        case RecordTag.links:
            let count = Int(EncodedBytes.varint(base, &cursor))
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for index in 0..<count {
                if tracksPaths { path.append(.index(index)) }
                array.append(readLinked(base, &cursor, in: source, selectionSet: selectionSet) ?? .null)
                if tracksPaths { path.removeLast() }
            }
            return .array(array)
        case RecordTag.fieldError:
            cursor -= 1
            if case .fieldError(let error) = EncodedBytes.value(base, &cursor) { noteFieldError(error) }
            return .null
        default:
            // A scalar, written as a leaf by an operation that saw a different schema.
            noteMissing()
            return nil
        }
    }

    private mutating func readLeaf(_ value: RecordValue) -> JSONValue? {
        switch value {
        case .null: return .null
        case .scalar(let scalar): return scalar
        case .fieldError(let error):
            noteFieldError(error)
            return .null
        case .link:
            noteMissing()
            return nil
        case .links:
            return readLeafList(value)
        }
    }

    /// A list of leaves kept with its items' field errors (decision 0218), each error noted at its
    /// item's path; anything else that links is not this selection's data. Not inlined: off the path
    /// of a list without errors, which is one JSON value.
    @inline(never)
    private mutating func readLeafList(_ value: RecordValue) -> JSONValue? {
        guard let list = value.leafList else {
            noteMissing()
            return nil
        }
        for (steps, error) in list.errors {
            if tracksPaths { path += steps }
            noteFieldError(error)
            if tracksPaths { path.removeLast(steps.count) }
        }
        return list.json
    }

    /// Puts `value` under `key`, merging objects (and lists of objects, item by item) that a type
    /// case selected again, as the server merges the selections of one response key.
    static func merge(_ value: JSONValue, forKey key: String, into object: inout JSONObject) {
        guard let index = object.index(forKey: key) else {
            object.appendNew(key: key, value: value)
            return
        }
        object[key] = merged(object.values[index], value)
    }

    private static func merged(_ existing: JSONValue, _ new: JSONValue) -> JSONValue {
        switch (existing, new) {
        case (.object(var target), .object(let source)):
            for (key, value) in source { merge(value, forKey: key, into: &target) }
            return .object(target)
        case (.array(let targets), .array(let sources)) where targets.count == sources.count:
            return .array(zip(targets, sources).map { merged($0, $1) })
        default:
            return new
        }
    }
}
