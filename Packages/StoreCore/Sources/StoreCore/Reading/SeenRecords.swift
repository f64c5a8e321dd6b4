/// The records one read visits, gathered as the walk goes and handed out once as the
/// `Set<DataID>` ``Snapshot/seenRecords`` is.
///
/// A read of a large root visits tens of thousands of records, each once: inserting each into a
/// `Set` that grows from empty rehashes every ID several times and probes the set for each. A
/// record of the in-memory source is known by its position, so it is marked in a bit set of
/// positions instead (a small read scans the few positions it has seen rather than allocating one
/// bit per stored record) and its ID appended to a list; the set is built once, at its final size,
/// by ``set()``. An ID met without a position (a record that is absent, or read through an
/// optimistic layer or another source) goes into a set of its own; a walk looks records up one way
/// only, so the two never hold the same ID.
struct SeenRecords {
    /// The IDs of the records seen by position, each once.
    private var ids: [DataID] = []
    /// The positions of ``ids`` while there are few of them and ``marks`` is empty.
    private var positions: [Int] = []
    /// One bit per position of the source, once more than ``scanLimit`` positions were seen.
    private var marks: [UInt64] = []
    /// The IDs seen without a position.
    private var others: Set<DataID> = []

    /// How many positions are scanned before a bit set is made: a subscription's read of a few
    /// records then allocates nothing proportional to the store.
    private static let scanLimit = 16

    /// Notes the record at `position` of a source with `sourceCount` positions, whose ID `dataID`
    /// gives; a position seen before is noted once.
    @inline(__always)
    mutating func insert(position: Int, of sourceCount: Int, _ dataID: () -> DataID) {
        if marks.isEmpty {
            if positions.contains(position) { return }
            if positions.count < Self.scanLimit {
                positions.append(position)
                ids.append(dataID())
                return
            }
            marks = Array(repeating: 0, count: (sourceCount + 63) / 64)
            for known in positions { marks[known >> 6] |= 1 << UInt64(known & 63) }
            positions = []
        }
        let bit: UInt64 = 1 << UInt64(position & 63)
        if marks[position >> 6] & bit != 0 { return }
        marks[position >> 6] |= bit
        ids.append(dataID())
    }

    /// Notes a record met by its ID alone.
    mutating func insert(_ dataID: DataID) { others.insert(dataID) }

    /// Every ID noted, as a set.
    func set() -> Set<DataID> {
        if ids.isEmpty { return others }
        var set = Set<DataID>(minimumCapacity: ids.count + others.count)
        for dataID in ids { set.insert(dataID) }
        for dataID in others { set.insert(dataID) }
        return set
    }
}
