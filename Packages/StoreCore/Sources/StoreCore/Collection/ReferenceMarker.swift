import GraphQLCore

/// Marks every record a root's selection reaches (Relay's `RelayReferenceMarker`): what garbage
/// collection keeps.
///
/// Marks through the selection, not through every link of a record, so a record reachable only
/// through fields no retained selection reads is collected. The marks live in a ``MarkingTable``:
/// by position for the in-memory source, by ID for any other.
///
/// A record an optimistic layer touches is walked twice, as the source has it and as reads see it
/// through the layers: what the layer links to is on screen now, and what the source links to is
/// on screen again once the layer is removed (Relay does not collect at all while a layer is
/// applied). Only the source's records are marked: one that only a layer holds is not swept.
struct ReferenceMarker<Table: MarkingTable> {
    private(set) var table: Table
    /// The records as the optimistic layers make them, for those the layers touch.
    private let overlay: [DataID: Record]
    /// The current root's selection sets read once each (their storage keys depend on the root's
    /// variables, so each root starts afresh).
    private var fieldKeys: FieldKeys

    /// How a field a record lacks is found (redirects, a missing-field handler): what such a field
    /// reads is on screen, so it is marked too.
    private let resolver: MissingFieldResolver?

    init(table: Table, overlay: [DataID: Record], resolver: MissingFieldResolver? = nil) {
        self.table = table
        self.overlay = overlay
        self.resolver = resolver
        fieldKeys = FieldKeys(table: table.keyTable, resolver: resolver)
    }

    /// Marks the records `root` reaches.
    mutating func mark(_ root: StoreRoot) {
        fieldKeys = FieldKeys(table: table.keyTable, resolver: resolver)
        markRecord(root.dataID, selectionSet: root.selectionSet, variables: root.variables)
    }

    /// Marks records without walking from them (a live snapshot's seen records).
    mutating func mark(_ dataIDs: Set<DataID>) {
        for dataID in dataIDs { _ = table.mark(dataID) }
    }

    private mutating func markRecord(_ dataID: DataID, selectionSet: CompiledSelectionSet, variables: JSONObject) {
        markRecord(.dataID(dataID), selectionSet: selectionSet, variables: variables)
    }

    private mutating func markRecord(_ link: LinkTarget, selectionSet: CompiledSelectionSet, variables: JSONObject) {
        if let record = table.mark(link) { mark(selectionSet, of: record, variables: variables) }
        if !overlay.isEmpty, let layered = overlay[link.dataID] {
            mark(selectionSet, of: .decoded(layered), variables: variables)
        }
    }

    private mutating func mark(_ selectionSet: CompiledSelectionSet, of record: RecordView, variables: JSONObject) {
        let plan = fieldKeys.plan(of: selectionSet, variables: variables)
        let hasTable = fieldKeys.hasTable
        var cursor = FieldCursor()
        for position in plan.selections.indices {
            guard plan.selections[position].isField else {
                markBranch(selectionSet.selections[position], of: record, variables: variables)
                continue
            }
            guard let subselection = plan.selections[position].subselection else { continue }
            let index = hasTable ? plan.selections[position].index : nil
            guard let stored = record.field(plan.selections[position].storageKey, index: index, cursor: &cursor)
            else {
                if let fallback = plan.selections[position].fallback,
                    let value = fallback.value(parentTypename: record.typename)
                {
                    markFallback(value, selectionSet: subselection, variables: variables)
                }
                continue
            }
            _ = stored.forEachLink { markRecord($0, selectionSet: subselection, variables: variables) }
        }
    }

    /// Marks the records a redirect or a missing-field handler says a field its record lacks holds.
    @inline(never)
    private mutating func markFallback(_ value: RecordValue, selectionSet: CompiledSelectionSet, variables: JSONObject)
    {
        switch value {
        case .null, .scalar, .fieldError: return
        case .link(let dataID): markRecord(dataID, selectionSet: selectionSet, variables: variables)
        case .links(let items):
            for item in items { markFallback(item, selectionSet: selectionSet, variables: variables) }
        }
    }

    /// Marks through a type case or a conditional of `record`. Not inlined, so that the field
    /// loop's frame stays small.
    @inline(never)
    private mutating func markBranch(_ selection: CompiledSelection, of record: RecordView, variables: JSONObject) {
        switch selection {
        case .field:
            return
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
