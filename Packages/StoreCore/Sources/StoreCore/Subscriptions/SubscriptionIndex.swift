/// The live subscriptions, indexed by what their snapshots read: each subscription's root record by
/// the storage keys of the fields it read there, every other record it read as a whole.
///
/// After a write, the subscriptions to re-read are those that read a changed field of their root
/// record (or any field, when the record changed as a whole) and those that read any other changed
/// record: the cost follows the subscriptions a write affects, not how many exist (Relay walks
/// every subscription on every notify). Root records are indexed by field because one is shared:
/// every root operation reads the query root, and each new one's response adds a field to it, which
/// by record would re-read every root subscription (Apollo iOS keys dependencies by field, as
/// `QUERY_ROOT.hero`, for the same reason).
struct SubscriptionIndex {
    struct Entry {
        let root: StoreRoot
        var snapshot: Snapshot
        /// The storage keys of the fields the snapshot read (found or missing) on the root record.
        var rootFields: Set<String>
        let delivery: SubscriptionDelivery
    }

    /// The subscriptions rooted at one record: all of them, and those that read each field.
    private struct FieldSubscribers {
        var all: Set<Int> = []
        var byKey: [String: Set<Int>] = [:]
    }

    private(set) var entries: [Int: Entry] = [:]
    /// Subscriptions by the records they read other than their root record.
    private var byRecord: [DataID: Set<Int>] = [:]
    /// Subscriptions by their root record, and by the fields they read there.
    private var byField: [DataID: FieldSubscribers] = [:]
    private var nextID = 0

    var count: Int { entries.count }

    /// Whether some subscription is rooted at `dataID`, so that a write lists the keys it changes.
    func tracksFields(of dataID: DataID) -> Bool { byField[dataID] != nil }

    mutating func insert(_ entry: Entry) -> Int {
        let id = nextID
        nextID += 1
        entries[id] = entry
        let rootID = entry.root.dataID
        for dataID in entry.snapshot.seenRecords where dataID != rootID { byRecord[dataID, default: []].insert(id) }
        byField[rootID, default: FieldSubscribers()].all.insert(id)
        for key in entry.rootFields { byField[rootID]?.byKey[key, default: []].insert(id) }
        return id
    }

    /// Removes a subscription and returns its entry, which the caller must release after the
    /// store's lock: the entry holds the callback, whose captures (another subscription's token, say)
    /// may take the lock when they are released.
    mutating func remove(_ id: Int) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        entry.delivery.cancel()
        let rootID = entry.root.dataID
        for dataID in entry.snapshot.seenRecords where dataID != rootID { unindex(id, from: dataID) }
        if var subscribers = byField.removeValue(forKey: rootID) {
            subscribers.all.remove(id)
            if !subscribers.all.isEmpty {
                for key in entry.rootFields { Self.unindex(id, from: key, in: &subscribers) }
                byField[rootID] = subscribers
            }
        }
        return entry
    }

    /// The subscriptions that read something `changes` names, in subscription order.
    func affected(by changes: StoreChanges) -> [Int] {
        var ids: Set<Int> = []
        for dataID in changes.records {
            if let subscribers = byRecord[dataID] { ids.formUnion(subscribers) }
            guard let subscribers = byField[dataID] else { continue }
            if let keys = changes.fields[dataID] {
                for key in keys {
                    if let readers = subscribers.byKey[key] { ids.formUnion(readers) }
                }
            } else {
                ids.formUnion(subscribers.all)
            }
        }
        return ids.sorted()
    }

    /// Replaces a subscription's snapshot, moving its index entries to what it now reads.
    mutating func update(_ id: Int, snapshot: Snapshot, rootFields: Set<String>) {
        guard let position = entries.index(forKey: id) else { return }
        let old = entries.values[position]
        let rootID = old.root.dataID
        if old.snapshot.seenRecords != snapshot.seenRecords {
            for dataID in old.snapshot.seenRecords where dataID != rootID && !snapshot.seenRecords.contains(dataID) {
                unindex(id, from: dataID)
            }
            for dataID in snapshot.seenRecords where dataID != rootID && !old.snapshot.seenRecords.contains(dataID) {
                byRecord[dataID, default: []].insert(id)
            }
        }
        if old.rootFields != rootFields, var subscribers = byField.removeValue(forKey: rootID) {
            for key in old.rootFields where !rootFields.contains(key) { Self.unindex(id, from: key, in: &subscribers) }
            for key in rootFields where !old.rootFields.contains(key) { subscribers.byKey[key, default: []].insert(id) }
            byField[rootID] = subscribers
        }
        entries.values[position].snapshot = snapshot
        entries.values[position].rootFields = rootFields
    }

    private mutating func unindex(_ id: Int, from dataID: DataID) {
        guard var subscribers = byRecord.removeValue(forKey: dataID) else { return }
        subscribers.remove(id)
        if !subscribers.isEmpty { byRecord[dataID] = subscribers }
    }

    private static func unindex(_ id: Int, from key: String, in subscribers: inout FieldSubscribers) {
        guard var readers = subscribers.byKey.removeValue(forKey: key) else { return }
        readers.remove(id)
        if !readers.isEmpty { subscribers.byKey[key] = readers }
    }
}
