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

    init(table: Table, overlay: [DataID: Record]) {
        self.table = table
        self.overlay = overlay
    }

    /// Marks the records `root` reaches.
    mutating func mark(_ root: StoreRoot) {
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
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let subselection = field.selectionSet,
                    let stored = record.field(field.storageKey(variables: variables))
                else { continue }
                _ = stored.forEachLink { markRecord($0, selectionSet: subselection, variables: variables) }
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
}
