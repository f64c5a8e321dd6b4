/// The live subscriptions, indexed by the records their snapshots read.
///
/// After a publish, the subscriptions to re-read are the union of the index entries of the changed
/// records: the cost follows the subscriptions a write affects, not how many exist (Relay walks
/// every subscription on every notify).
struct SubscriptionIndex {
    struct Entry {
        let root: StoreRoot
        var snapshot: Snapshot
        let delivery: SubscriptionDelivery
    }

    private(set) var entries: [Int: Entry] = [:]
    private var byRecord: [DataID: Set<Int>] = [:]
    private var nextID = 0

    var count: Int { entries.count }

    mutating func insert(_ entry: Entry) -> Int {
        let id = nextID
        nextID += 1
        entries[id] = entry
        for dataID in entry.snapshot.seenRecords { byRecord[dataID, default: []].insert(id) }
        return id
    }

    /// Removes a subscription and returns its entry, which the caller must release after the
    /// store's lock: the entry holds the callback, whose captures (another subscription's token, say)
    /// may take the lock when they are released.
    mutating func remove(_ id: Int) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        entry.delivery.cancel()
        for dataID in entry.snapshot.seenRecords { unindex(id, from: dataID) }
        return entry
    }

    /// The subscriptions that read any of `dataIDs`, in subscription order.
    func affected(by dataIDs: Set<DataID>) -> [Int] {
        var ids: Set<Int> = []
        for dataID in dataIDs {
            if let subscribers = byRecord[dataID] { ids.formUnion(subscribers) }
        }
        return ids.sorted()
    }

    /// Replaces a subscription's snapshot, moving its index entries to the records it now reads.
    mutating func update(_ id: Int, snapshot: Snapshot) {
        guard let old = entries[id]?.snapshot else { return }
        if old.seenRecords != snapshot.seenRecords {
            for dataID in old.seenRecords where !snapshot.seenRecords.contains(dataID) { unindex(id, from: dataID) }
            for dataID in snapshot.seenRecords where !old.seenRecords.contains(dataID) {
                byRecord[dataID, default: []].insert(id)
            }
        }
        entries[id]?.snapshot = snapshot
    }

    private mutating func unindex(_ id: Int, from dataID: DataID) {
        guard var subscribers = byRecord.removeValue(forKey: dataID) else { return }
        subscribers.remove(id)
        if !subscribers.isEmpty { byRecord[dataID] = subscribers }
    }
}
