import StoreCore

/// The decoded records kept in memory, at most about ``capacity`` of them, the least recently used
/// going first.
///
/// Two generations instead of an ordered list: a hit in the older one moves the record to the
/// newer one, and when the newer one holds half the capacity the older one is dropped whole and the
/// newer one takes its place. Every operation is one or two hash probes, with no per-access list
/// bookkeeping, and what goes is what was not used during the last half-capacity of insertions.
struct RecordCache {
    let capacity: Int
    private var young: [DataID: Record] = [:]
    private var old: [DataID: Record] = [:]

    init(capacity: Int) { self.capacity = max(capacity, 2) }

    /// The cached record, moved to the newer generation.
    mutating func record(for dataID: DataID) -> Record? {
        if let record = young[dataID] { return record }
        guard let record = old.removeValue(forKey: dataID) else { return nil }
        insert(record)
        return record
    }

    /// Whether the record is cached, without moving it.
    func contains(_ dataID: DataID) -> Bool { young[dataID] != nil || old[dataID] != nil }

    mutating func insert(_ record: Record) {
        young[record.dataID] = record
        if young.count >= capacity / 2 {
            old = young
            young = [:]
        }
    }

    mutating func remove(_ dataID: DataID) {
        young.removeValue(forKey: dataID)
        old.removeValue(forKey: dataID)
    }

    mutating func removeAll() {
        young = [:]
        old = [:]
    }

    /// How many records are cached now.
    var count: Int { young.count + old.count }
}
