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
    private(set) var seenRecords: Set<DataID> = []
    private(set) var isMissingData = false
    /// Whether something other than a deferred field (`CompiledField.isDeferred`) is missing.
    private(set) var isMissingUndeferredData = false
    private(set) var oldestWriteTime: WallInstant?
    /// The record whose fields' storage keys are noted in ``trackedFields`` (a subscription's root
    /// record, which its index entries name by field), or `nil` to note none.
    let trackedRecord: DataID?
    /// The storage keys of the fields read (found or missing) on ``trackedRecord``.
    private(set) var trackedFields: Set<String> = []

    /// The compiled fields' storage keys resolved in the in-memory source's key table.
    private var fieldKeys: FieldKeys

    init(lookup: Lookup, variables: JSONObject, trackedRecord: DataID? = nil) {
        self.lookup = lookup
        fieldKeys = FieldKeys(table: lookup.keyTable)
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
        return Snapshot(
            data: data, isMissingData: isMissingData, seenRecords: seenRecords, oldestWriteTime: oldestWriteTime,
            isInvalidated: invalidated, missesOnlyDeferredFields: isMissingData && !isMissingUndeferredData)
    }

    private mutating func readRecord(_ dataID: DataID, selectionSet: CompiledSelectionSet) -> JSONValue? {
        seenRecords.insert(dataID)
        guard let record = lookup.lookupRecord(dataID) else {
            noteMissing()
            // The record's first write lists the keys it writes; a subscription rooted here must be
            // indexed under the fields it will read, or that write could not find it.
            if trackedRecord == dataID { noteTrackedKeys(of: selectionSet) }
            return nil
        }
        var object = JSONObject(minimumCapacity: selectionSet.selections.count)
        // A set of fields alone has each response key once (the compiler merges duplicates), so
        // fields append; type cases and conditionals may repeat a key and go through merging.
        let plan = fieldKeys.plan(of: selectionSet, variables: variables)
        let tracking = trackedRecord.map { $0 == dataID } ?? false
        read(selectionSet, plan: plan, of: record, into: &object, appending: plan.fieldsOnly, tracking: tracking)
        return .object(object)
    }

    private mutating func read(
        _ selectionSet: CompiledSelectionSet, of record: RecordView, into object: inout JSONObject, appending: Bool,
        tracking: Bool
    ) {
        let plan = fieldKeys.plan(of: selectionSet, variables: variables)
        read(selectionSet, plan: plan, of: record, into: &object, appending: appending, tracking: tracking)
    }

    private mutating func read(
        _ selectionSet: CompiledSelectionSet, plan: FieldKeys.Plan, of record: RecordView,
        into object: inout JSONObject, appending: Bool, tracking: Bool
    ) {
        let hasTable = fieldKeys.hasTable
        var cursor = FieldCursor()
        for position in plan.selections.indices {
            guard plan.selections[position].isField else {
                readBranch(selectionSet.selections[position], of: record, into: &object, tracking: tracking)
                continue
            }
            do {
                let field = plan.selections[position]
                if tracking { trackedFields.insert(field.storageKey) }
                guard
                    let stored = record.field(
                        field.storageKey, index: hasTable ? field.index : nil, cursor: &cursor)
                else {
                    noteMissing(deferred: field.isDeferred)
                    continue
                }
                if let oldest = oldestWriteTime {
                    if stored.writtenAt < oldest { oldestWriteTime = stored.writtenAt }
                } else {
                    oldestWriteTime = stored.writtenAt
                }
                let value: JSONValue?
                if let subselection = field.subselection {
                    value = readLinked(stored.value, selectionSet: subselection)
                } else {
                    value = readLeaf(stored.value)
                }
                guard let value, !field.isAddedByClient else { continue }
                if appending {
                    object.appendNew(key: field.responseKey, value: value)
                } else {
                    Self.merge(value, forKey: field.responseKey, into: &object)
                }
            }
        }
    }

    /// Reads a type case or a conditional of `record`. Not inlined, so that the field loop's frame
    /// stays small.
    @inline(never)
    private mutating func readBranch(
        _ selection: CompiledSelection, of record: RecordView, into object: inout JSONObject, tracking: Bool
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
                read(typeCase.selectionSet, of: record, into: &object, appending: false, tracking: tracking)
            }
        case .conditional(let conditional):
            if conditional.passes(variables: variables) {
                read(conditional.selectionSet, of: record, into: &object, appending: false, tracking: tracking)
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
            for item in items { array.append(readLinked(item, selectionSet: selectionSet) ?? .null) }
            return .array(array)
        case .scalar:
            // Written as a leaf by an operation that saw a different schema: not this selection's data.
            noteMissing()
            return nil
        }
    }

    private mutating func readLeaf(_ value: RecordValue) -> JSONValue? {
        switch value {
        case .null: return .null
        case .scalar(let scalar): return scalar
        case .link, .links:
            noteMissing()
            return nil
        }
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
