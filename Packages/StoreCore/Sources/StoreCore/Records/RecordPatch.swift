import Primitives

/// The values one publish writes into one record; merged into the record, other fields kept.
public struct RecordPatch: Sendable, Hashable {
    /// The typename to set, or `nil` to keep the record's.
    public var typename: String?
    /// The values to set, by storage key.
    public var values: [String: RecordValue]

    /// A patch.
    public init(typename: String?, values: [String: RecordValue]) {
        self.typename = typename
        self.values = values
    }
}

/// Everything one publish (or one collection) writes to a record source, applied in one call so a
/// persistent source can make it one transaction.
public struct RecordWriteBatch: Sendable {
    /// Records to create or merge into.
    public var patches: [DataID: RecordPatch]
    /// Every ID of ``patches`` once, in the order the response reached them: a source that lays
    /// records out in memory or on disk writes them in this order, so what one read visits together
    /// lies together.
    public var order: [DataID]
    /// The instant every patched field is marked written at.
    public var writtenAt: WallInstant
    /// Records to remove, after the patches.
    public var removals: Set<DataID>
    /// Fields to remove, by storage key, from records that exist, after the patches and before the
    /// removals; the record's other fields keep their values and write times.
    public var fieldRemovals: [DataID: Set<String>]

    /// A batch; `order` defaults to the patches' IDs in no particular order.
    public init(
        patches: [DataID: RecordPatch] = [:], order: [DataID]? = nil, writtenAt: WallInstant,
        removals: Set<DataID> = [], fieldRemovals: [DataID: Set<String>] = [:]
    ) {
        self.fieldRemovals = fieldRemovals
        self.patches = patches
        self.order = order ?? Array(patches.keys)
        self.writtenAt = writtenAt
        self.removals = removals
    }
}
