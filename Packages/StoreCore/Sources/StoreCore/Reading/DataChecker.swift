import GraphQLCore
import Primitives

/// Whether a root's data is all in the store, and how old it is, without building the data
/// (Relay's `DataChecker`): what a fetch policy asks before it decides to fetch.
struct DataChecker<Lookup: RecordLookup> {
    let lookup: Lookup
    let variables: JSONObject
    private(set) var isMissingData = false
    private(set) var oldestWriteTime: WallInstant?
    /// Whether a field read holds a stored field error (``Availability/readsFieldErrors``).
    private(set) var readsFieldErrors = false
    /// Where each record the walk visits was found last time, in the order it visits them, and the
    /// next one's index; unused (and left empty) when the caller keeps no hints.
    private var hints: [Int] = []
    private var nextHint = 0
    private var usesHints = false

    /// The compiled fields' storage keys resolved in the in-memory source's key table.
    private var fieldKeys: FieldKeys

    init(lookup: Lookup, variables: JSONObject) {
        self.lookup = lookup
        fieldKeys = FieldKeys(table: lookup.keyTable, resolver: lookup.resolver)
        self.variables = variables
    }

    /// Checks `root`.
    static func check(_ root: StoreRoot, in lookup: Lookup, invalidationPoint: WallInstant?) -> Availability {
        var checker = DataChecker(lookup: lookup, variables: root.variables)
        checker.checkRecord(root.dataID, selectionSet: root.selectionSet)
        return checker.availability(invalidationPoint: invalidationPoint)
    }

    /// Checks `root`, looking for its records where `hints` says the last check found them, and
    /// leaves in `hints` where this one did.
    static func check(
        _ root: StoreRoot, in lookup: Lookup, invalidationPoint: WallInstant?, hints: inout [Int]
    ) -> Availability {
        var checker = DataChecker(lookup: lookup, variables: root.variables)
        checker.usesHints = true
        swap(&checker.hints, &hints)  // moved, not copied, so the walk changes the array in place
        checker.checkRecord(root.dataID, selectionSet: root.selectionSet)
        if checker.hints.count > checker.nextHint { checker.hints.removeSubrange(checker.nextHint...) }
        swap(&checker.hints, &hints)
        return checker.availability(invalidationPoint: invalidationPoint)
    }

    private func availability(invalidationPoint: WallInstant?) -> Availability {
        let invalidated =
            if let oldest = oldestWriteTime, let invalidationPoint { oldest <= invalidationPoint } else {
                false
            }
        var availability = Availability(
            isMissingData: isMissingData, oldestWriteTime: oldestWriteTime, isInvalidated: invalidated)
        availability.readsFieldErrors = readsFieldErrors
        return availability
    }

    private mutating func lookupRecord(_ link: LinkTarget) -> RecordView? {
        guard usesHints else {
            var ignored = -1
            return lookup.lookupRecord(link, hint: &ignored)
        }
        if nextHint == hints.count { hints.append(-1) }
        defer { nextHint += 1 }
        return lookup.lookupRecord(link, hint: &hints[nextHint])
    }

    private mutating func checkRecord(_ dataID: DataID, selectionSet: CompiledSelectionSet) {
        checkRecord(.dataID(dataID), selectionSet: selectionSet)
    }

    private mutating func checkRecord(_ link: LinkTarget, selectionSet: CompiledSelectionSet) {
        guard let record = lookupRecord(link) else {
            isMissingData = true
            return
        }
        check(selectionSet, of: record)
    }

    private mutating func check(_ selectionSet: CompiledSelectionSet, of record: RecordView) {
        // Indices only for a record kept as bytes: a decoded one is read by storage key.
        let isEncoded = if case .encoded = record { true } else { false }
        let plan = fieldKeys.plan(of: selectionSet, variables: variables, resolvingIndices: isEncoded)
        let hasTable = fieldKeys.hasTable && plan.indicesResolved
        var cursor = FieldCursor()
        for position in plan.selections.indices {
            guard plan.selections[position].isField else {
                checkBranch(selectionSet.selections[position], of: record)
                continue
            }
            let field = plan.selections[position]
            guard let stored = record.field(field.storageKey, index: hasTable ? field.index : nil, cursor: &cursor)
            else {
                if let fallback = field.fallback, let value = fallback.value(parentTypename: record.typename) {
                    checkFallback(value, subselection: field.subselection)
                } else {
                    isMissingData = true
                }
                continue
            }
            if oldestWriteTime.map({ stored.writtenAt < $0 }) ?? true { oldestWriteTime = stored.writtenAt }
            if let subselection = field.subselection {
                let linksOrNull = stored.forEachLink(
                    { checkRecord($0, selectionSet: subselection) }, fieldError: { readsFieldErrors = true })
                if !linksOrNull { isMissingData = true }
            } else if stored.isLink {
                // A list of leaves kept with its items' field errors is data (decision 0218).
                if let list = stored.value.leafList {
                    if !list.errors.isEmpty { readsFieldErrors = true }
                } else {
                    isMissingData = true
                }
            } else if stored.isFieldError {
                readsFieldErrors = true
            }
        }
    }

    /// Checks what a redirect or a missing-field handler says a field its record lacks holds.
    @inline(never)
    private mutating func checkFallback(_ value: RecordValue, subselection: CompiledSelectionSet?) {
        switch value {
        // A redirect or a handler names records or a scalar; an error is never among them.
        case .null, .fieldError: return
        case .scalar: if subselection != nil { isMissingData = true }
        case .link(let dataID):
            if let subselection { checkRecord(dataID, selectionSet: subselection) } else { isMissingData = true }
        case .links(let items):
            for item in items { checkFallback(item, subselection: subselection) }
        }
    }

    /// Checks a type case or a conditional of `record`. Not inlined, so that the field loop's frame
    /// stays small.
    @inline(never)
    private mutating func checkBranch(_ selection: CompiledSelection, of record: RecordView) {
        switch selection {
        case .field:
            return
        case .typeCase(let typeCase):
            guard let typename = record.typename else {
                isMissingData = true
                return
            }
            if typeCase.matches(typename: typename) { check(typeCase.selectionSet, of: record) }
        case .conditional(let conditional):
            if conditional.passes(variables: variables) { check(conditional.selectionSet, of: record) }
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
    /// Whether some field the selection reaches holds a field error the server reported
    /// (``RecordValue/fieldError(_:)``): present data, not missing, but a failed answer for it.
    public var readsFieldErrors = false

    /// An availability from its parts.
    public init(isMissingData: Bool, oldestWriteTime: WallInstant?, isInvalidated: Bool) {
        self.isMissingData = isMissingData
        self.oldestWriteTime = oldestWriteTime
        self.isInvalidated = isInvalidated
    }
}

/// Where ``Store/check(_:hints:)`` found a root's records at its last check, so the next check of
/// the same root can look there first. Opaque; start with ``init()``.
public struct RecordPositionHints: Sendable, Hashable {
    var positions: [Int] = []

    /// No hints: the first check looks every record up.
    public init() {}
}
