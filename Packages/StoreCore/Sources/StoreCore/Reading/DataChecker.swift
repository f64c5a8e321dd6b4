import GraphQLCore
import Primitives

/// Whether a root's data is all in the store, and how old it is, without building the data
/// (Relay's `DataChecker`): what a fetch policy asks before it decides to fetch.
struct DataChecker<Lookup: RecordLookup> {
    let lookup: Lookup
    let variables: JSONObject
    private(set) var isMissingData = false
    private(set) var oldestWriteTime: WallInstant?

    /// Checks `root`.
    static func check(_ root: StoreRoot, in lookup: Lookup, invalidationPoint: WallInstant?) -> Availability {
        var checker = DataChecker(lookup: lookup, variables: root.variables)
        checker.checkRecord(root.dataID, selectionSet: root.selectionSet)
        let invalidated =
            if let oldest = checker.oldestWriteTime, let invalidationPoint { oldest <= invalidationPoint } else {
                false
            }
        return Availability(
            isMissingData: checker.isMissingData, oldestWriteTime: checker.oldestWriteTime, isInvalidated: invalidated)
    }

    private mutating func checkRecord(_ dataID: DataID, selectionSet: CompiledSelectionSet) {
        guard let record = lookup.lookupRecord(dataID) else {
            isMissingData = true
            return
        }
        check(selectionSet, of: record)
    }

    private mutating func check(_ selectionSet: CompiledSelectionSet, of record: Record) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let stored = record.fields[field.storageKey(variables: variables)] else {
                    isMissingData = true
                    continue
                }
                if oldestWriteTime.map({ stored.writtenAt < $0 }) ?? true { oldestWriteTime = stored.writtenAt }
                if let subselection = field.selectionSet {
                    checkLinked(stored.value, selectionSet: subselection)
                } else if case .link = stored.value {
                    isMissingData = true
                } else if case .links = stored.value {
                    isMissingData = true
                }
            case .typeCase(let typeCase):
                guard let typename = record.typename else {
                    isMissingData = true
                    continue
                }
                if typeCase.matches(typename: typename) { check(typeCase.selectionSet, of: record) }
            case .conditional(let conditional):
                if conditional.passes(variables: variables) { check(conditional.selectionSet, of: record) }
            }
        }
    }

    private mutating func checkLinked(_ value: RecordValue, selectionSet: CompiledSelectionSet) {
        switch value {
        case .null: break
        case .link(let dataID): checkRecord(dataID, selectionSet: selectionSet)
        case .links(let items): for item in items { checkLinked(item, selectionSet: selectionSet) }
        case .scalar: isMissingData = true
        }
    }
}

/// Whether a root's data is complete in the store and how old it is: a ``Snapshot`` without the
/// data, cheaper to compute.
public struct Availability: Sendable, Hashable {
    /// Whether any selected field, or any linked record, was never written.
    public var isMissingData: Bool
    /// The oldest write time among the fields the selection reaches; `nil` when none.
    public var oldestWriteTime: WallInstant?
    /// Whether some of that data was written at or before the store's invalidation point.
    public var isInvalidated: Bool

    /// An availability from its parts.
    public init(isMissingData: Bool, oldestWriteTime: WallInstant?, isInvalidated: Bool) {
        self.isMissingData = isMissingData
        self.oldestWriteTime = oldestWriteTime
        self.isInvalidated = isInvalidated
    }
}
