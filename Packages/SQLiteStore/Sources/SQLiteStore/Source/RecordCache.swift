import StoreCore

/// The records kept in memory, at most about ``capacity`` of them, the least recently used going
/// first.
///
/// Two generations instead of an ordered list: a hit in the older one moves the record to the
/// newer one, and when the newer one holds half the capacity the older one is dropped whole and the
/// newer one takes its place. Every operation is one or two hash probes, with no per-access list
/// bookkeeping, and what goes is what was not used during the last half-capacity of insertions.
struct RecordCache {
    /// One record as the cache keeps it: decoded when a read asked for it, as the file's bytes when
    /// a write made it (decision 0220), both once each was needed.
    struct Entry {
        /// The record's bytes, as the file holds them.
        var bytes: [UInt8]?
        /// The record decoded.
        var record: Record?
    }

    let capacity: Int
    private var young: [DataID: Entry] = [:]
    private var old: [DataID: Entry] = [:]

    init(capacity: Int) { self.capacity = max(capacity, 2) }

    /// The cached entry, moved to the newer generation.
    mutating func entry(for dataID: DataID) -> Entry? {
        // An empty cache (a new file's first publish) hashes nothing.
        guard !young.isEmpty || !old.isEmpty else { return nil }
        if let entry = young[dataID] { return entry }
        guard let entry = old.removeValue(forKey: dataID) else { return nil }
        insert(entry, for: dataID)
        return entry
    }

    /// Whether the record is cached, without moving it.
    func contains(_ dataID: DataID) -> Bool { young[dataID] != nil || old[dataID] != nil }

    /// Keeps `record` decoded beside the bytes of its entry, when the newer generation holds it.
    mutating func keepDecoded(_ record: Record) {
        young[record.dataID]?.record = record
    }

    mutating func insert(_ record: Record) { insert(Entry(bytes: nil, record: record), for: record.dataID) }

    mutating func insert(_ entry: Entry, for dataID: DataID) {
        young[dataID] = entry
        if young.count >= capacity / 2 {
            old = young
            young = [:]
        }
    }

    /// How many of a write's records, the last ones, are worth inserting: the others would be
    /// dropped again by the same write's insertions.
    var keptOfWrite: Int { capacity / 2 }

    /// Makes room in an empty newer generation for `count` insertions at once, rather than growing
    /// it step by step while a write's records are inserted. One that holds records is left as it
    /// is: growing it rehashes them all, for insertions that may only replace them.
    mutating func reserve(_ count: Int) {
        guard young.isEmpty else { return }
        young.reserveCapacity(min(count, capacity / 2))
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
