import GraphQLCore
import Primitives

/// What reading a root from the store gives: the data as the server would have answered it, whether
/// any of it is missing, which records it read, and how old the oldest of it is.
///
/// Two snapshots are equal when they read the same: their ``version`` (when each was read) is not
/// compared.
public struct Snapshot: Sendable, Hashable {
    /// The data, response keys in selection order; `nil` when the root record does not exist. A
    /// field that was never written is absent from its object (missing is not null).
    public var data: JSONValue?
    /// Whether any selected field, or any linked record, was never written.
    public var isMissingData: Bool
    /// The data IDs of every record the read visited (or looked for), the root's included.
    public var seenRecords: Set<DataID>
    /// The oldest write time among the fields read; `nil` when nothing was read.
    public var oldestWriteTime: WallInstant?
    /// Whether some field read was written at or before the store's invalidation point
    /// (``Store/invalidate()``), which makes the data stale whatever its age.
    public var isInvalidated: Bool
    /// Whether data is missing and every field missing is one the document defers
    /// (`CompiledField.isDeferred`): a later part of an incremental answer may bring it, so a
    /// screen can show the rest while that answer is open.
    public var missesOnlyDeferredFields: Bool
    /// The field errors the store holds where the read found them (``RecordValue/fieldError(_:)``),
    /// each at the read's response path to the `null` it stands for, in the order read. A stored
    /// error is data, not missing data.
    public var fieldErrors: [FieldError] = []
    /// When the store read it, in the order of its reads: of two snapshots of one root from one
    /// store, the one with the greater version is the newer, and one a subscription is handed has a
    /// version no other read has. What lets a subscriber that is handed a root's snapshots by more
    /// than one path (its callback, and a write's report, ``PublishReport/snapshot``) never replace a
    /// newer one with an older one. 0 for a snapshot made from its parts.
    public internal(set) var version: UInt64 = 0

    /// A snapshot from its parts.
    public init(
        data: JSONValue?, isMissingData: Bool, seenRecords: Set<DataID>, oldestWriteTime: WallInstant?,
        isInvalidated: Bool, missesOnlyDeferredFields: Bool = false
    ) {
        self.data = data
        self.isMissingData = isMissingData
        self.seenRecords = seenRecords
        self.oldestWriteTime = oldestWriteTime
        self.isInvalidated = isInvalidated
        self.missesOnlyDeferredFields = missesOnlyDeferredFields
    }

    /// Whether the two read the same, whatever their versions.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.data == rhs.data && lhs.isMissingData == rhs.isMissingData && lhs.seenRecords == rhs.seenRecords
            && lhs.oldestWriteTime == rhs.oldestWriteTime && lhs.isInvalidated == rhs.isInvalidated
            && lhs.missesOnlyDeferredFields == rhs.missesOnlyDeferredFields && lhs.fieldErrors == rhs.fieldErrors
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
        hasher.combine(isMissingData)
        hasher.combine(seenRecords)
        hasher.combine(oldestWriteTime)
        hasher.combine(isInvalidated)
        hasher.combine(missesOnlyDeferredFields)
        hasher.combine(fieldErrors)
    }

    /// Whether a subscriber should be told: the data or its completeness differ, or data still
    /// missing is now looked for in other records (a link it follows changed). The last matters
    /// although the data reads the same: the runtime heals a root on such a change (a fetch may now
    /// find what is missing), and the app's document need not read the ids that tell the two apart.
    func needsDelivery(after other: Snapshot) -> Bool {
        isMissingData != other.isMissingData || data != other.data
            || (isMissingData && seenRecords != other.seenRecords) || fieldErrors != other.fieldErrors
    }
}
