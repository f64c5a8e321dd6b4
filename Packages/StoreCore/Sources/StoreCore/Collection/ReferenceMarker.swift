import GraphQLCore

/// Marks every record a root's selection reaches (Relay's `RelayReferenceMarker`): what garbage
/// collection keeps.
///
/// Marks through the selection, not through every link of a record, so a record reachable only
/// through fields no retained selection reads is collected.
struct ReferenceMarker<Lookup: RecordLookup> {
    let lookup: Lookup
    private(set) var marked: Set<DataID> = []
    /// How many marked IDs name a record that exists: when it equals the source's count, nothing
    /// is left to sweep.
    private(set) var markedRecords = 0

    /// A marker; `expectedCount` sizes the mark set once instead of growing it step by step.
    init(lookup: Lookup, expectedCount: Int = 0) {
        self.lookup = lookup
        marked.reserveCapacity(expectedCount)
    }

    /// Marks the records `root` reaches.
    mutating func mark(_ root: StoreRoot) {
        markRecord(root.dataID, selectionSet: root.selectionSet, variables: root.variables)
    }

    /// Marks records without walking from them (a live snapshot's seen records).
    mutating func mark(_ dataIDs: Set<DataID>) {
        for dataID in dataIDs where marked.insert(dataID).inserted && lookup.lookupRecord(dataID) != nil {
            markedRecords += 1
        }
    }

    private mutating func markRecord(_ dataID: DataID, selectionSet: CompiledSelectionSet, variables: JSONObject) {
        let isNew = marked.insert(dataID).inserted
        guard let record = lookup.lookupRecord(dataID) else { return }
        if isNew { markedRecords += 1 }
        mark(selectionSet, of: record, variables: variables)
    }

    private mutating func mark(_ selectionSet: CompiledSelectionSet, of record: Record, variables: JSONObject) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let subselection = field.selectionSet,
                    let stored = record.fields[field.storageKey(variables: variables)]
                else { continue }
                markLinked(stored.value, selectionSet: subselection, variables: variables)
            case .typeCase(let typeCase):
                if let typename = record.typename, typeCase.matches(typename: typename) {
                    mark(typeCase.selectionSet, of: record, variables: variables)
                }
            case .conditional(let conditional):
                if conditional.passes(variables: variables) {
                    mark(conditional.selectionSet, of: record, variables: variables)
                }
            }
        }
    }

    private mutating func markLinked(_ value: RecordValue, selectionSet: CompiledSelectionSet, variables: JSONObject) {
        switch value {
        case .null, .scalar: break
        case .link(let dataID): markRecord(dataID, selectionSet: selectionSet, variables: variables)
        case .links(let items): for item in items { markLinked(item, selectionSet: selectionSet, variables: variables) }
        }
    }
}
