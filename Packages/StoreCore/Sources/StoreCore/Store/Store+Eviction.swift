import GraphQLCore
import Primitives

extension Store {
    /// Removes these records. Each subscription that read one is told, and reads it as missing data:
    /// the runtime heals its root (or fails it with a missing-data error under `storeOnly`). Returns
    /// how many of the records existed. Throws, removing nothing, when the record source refuses.
    @discardableResult
    public func evict(_ dataIDs: Set<DataID>) throws(StoreError) -> Int {
        try evicting { state throws(StoreError) in
            let existing = dataIDs.filter { state.records.source.record(for: $0) != nil }
            guard !existing.isEmpty else { return (0, StoreChanges()) }
            try state.records.source.write(RecordWriteBatch(writtenAt: configuration.clock(), removals: existing))
            var changes = StoreChanges()
            for dataID in existing { changes.insertRecord(dataID) }
            return (existing.count, changes)
        }
    }

    /// Removes field `name` of record `dataID`: every value stored under it with any arguments when
    /// `arguments` is `nil`, else only the value for these arguments (`posts(first: 10)`). Its other
    /// fields keep their values and write times; the subscriptions that read the field are told, as
    /// ``evict(_:)`` tells them. Returns how many stored values were removed.
    @discardableResult
    public func evict(field name: String, arguments: JSONObject? = nil, of dataID: DataID) throws(StoreError) -> Int {
        let exact = arguments.map { arguments in
            StorageKey.make(
                name: name,
                arguments: arguments.map { CompiledArgument(name: $0.key, value: .literal($0.value)) }.sorted {
                    $0.name < $1.name
                }, variables: JSONObject())
        }
        return try evicting { state throws(StoreError) in
            guard let record = state.records.source.record(for: dataID) else { return (0, StoreChanges()) }
            let keys = Set(
                record.fields.keys.filter { key in
                    if let exact { return key == exact }
                    return key == name || key.hasPrefix(name + "(")
                })
            guard !keys.isEmpty else { return (0, StoreChanges()) }
            try state.records.source.write(
                RecordWriteBatch(writtenAt: configuration.clock(), fieldRemovals: [dataID: keys]))
            var changes = StoreChanges()
            changes.insert(dataID, keys: keys)
            return (keys.count, changes)
        }
    }

    /// Removes every record whose typename is `typename`, as ``evict(_:)`` removes records. Returns
    /// how many were removed.
    @discardableResult
    public func evict(type typename: String) throws(StoreError) -> Int {
        try evicting { state throws(StoreError) in
            let dataIDs = Set(state.records.source.dataIDs(ofType: typename))
            guard !dataIDs.isEmpty else { return (0, StoreChanges()) }
            try state.records.source.write(RecordWriteBatch(writtenAt: configuration.clock(), removals: dataIDs))
            var changes = StoreChanges()
            for dataID in dataIDs { changes.insertRecord(dataID) }
            return (dataIDs.count, changes)
        }
    }

    /// Removes every record and optimistic layer, and every root, server hint and queued mutation a
    /// persistent source remembers (an app's "log out"), in one call, and refuses the answers of requests sent before
    /// it: an answer stamped at or before this instant (``publish(_:to:requestedAt:)``,
    /// ``update(requestedAt:_:)``) writes nothing, so a fetch or a mutation in flight for the user who
    /// left cannot put their data back. Every subscription is told. Throws
    /// ``StoreError/Code/recordSourceFailed`` when the source kept records (a file that cannot be
    /// written); then what it could remove is gone and the answers are refused all the same.
    @discardableResult
    public func removeAll() throws(StoreError) -> Int {
        let now = configuration.clock()
        let (removed, kept, deliveries) = state.withLock { state in
            let point = state.stamp(now)
            state.clearPoint = point
            // Writes after the clear are stamped after it (``StoreState/provisionalStamp(_:)``), and
            // no data is left for the invalidation to make stale.
            state.invalidationPoint = point
            state.records.source.keepInvalidationPoint(point)
            // The optimistic layers are the leaving user's edits too: a mutation still in flight
            // removes its layer by name when it lands, which then finds none.
            state.records.optimistic = OptimisticLayers()
            let removed = state.records.source.removeAll(notIn: [])
            state.records.source.keepFirstPersistedRoots(0)
            for key in state.serverMaxAges.keys { state.records.source.keepServerMaxAge(nil, forRoot: key) }
            state.serverMaxAges = [:]
            for mutation in state.records.source.pendingMutations() {
                state.records.source.removePendingMutation(id: mutation.id)
            }
            return (removed, state.records.source.count, state.rereadAll())
        }
        for delivery in deliveries { delivery.perform() }
        guard kept == 0 else {
            throw StoreError(
                .recordSourceFailed, "the record source kept \(kept) record(s) after removing every record")
        }
        return removed
    }

    /// Runs an eviction under the lock and tells the subscriptions its changes concern.
    private func evicting(
        _ body: (inout StoreState) throws(StoreError) -> (Int, StoreChanges)
    ) throws(StoreError) -> Int {
        let (count, deliveries) = try state.withLock { state throws(StoreError) in
            let (count, changes) = try body(&state)
            return (count, state.notify(changes))
        }
        for delivery in deliveries { delivery.perform() }
        return count
    }
}
