import Primitives

/// The store's records: the record source, with the optimistic layers over it.
struct StoreRecords: RecordLookup {
    var source: RecordStorage {
        // In place: an observer that does not read the old value leaves the source's buffers
        // uniquely referenced while it is changed.
        didSet { sourceRevision &+= 1 }
    }
    /// Moves with every change to the record source, whoever makes it: what a record decoded from
    /// it is current for (``DecodedRecordCache``).
    private(set) var sourceRevision: UInt64 = 0
    var optimistic = OptimisticLayers()
    let resolver: MissingFieldResolver?
    /// The in-memory source's records ``decodedRecord(_:)`` decoded.
    private var decoded = DecodedRecordCache()

    init(source: any RecordSource, resolver: MissingFieldResolver? = nil) {
        self.source = RecordStorage(source)
        self.resolver = resolver
    }

    @inline(__always) func lookupRecord(_ dataID: DataID) -> RecordView? {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return .decoded(record) }
        switch source {
        case .memory(let memory): return memory.view(for: dataID)
        case .other(let other): return other.record(for: dataID).map { .decoded($0) }
        }
    }

    @inline(__always) func lookupRecord(_ dataID: DataID, hint: inout Int) -> RecordView? {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return .decoded(record) }
        switch source {
        case .memory(let memory): return memory.view(for: dataID, hint: &hint)
        case .other(let other): return other.record(for: dataID).map { .decoded($0) }
        }
    }

    /// The record a link names; a link in the in-memory source's bytes is looked up by its bytes,
    /// without making its ID, unless an optimistic layer may hold the record.
    @inline(__always) func lookupRecord(_ link: LinkTarget, hint: inout Int) -> RecordView? {
        guard case .utf8(let bytes) = link, optimistic.isEmpty, case .memory(let memory) = source else {
            return lookupRecord(link.dataID, hint: &hint)
        }
        return memory.view(utf8: bytes, hint: &hint)
    }

    /// The in-memory source, when no optimistic layer lies over it.
    var directSource: InMemoryRecordSource? {
        guard optimistic.isEmpty, case .memory(let memory) = source else { return nil }
        return memory
    }

    /// The in-memory source's key table.
    var keyTable: RecordKeyTable? {
        guard case .memory(let memory) = source else { return nil }
        return memory.keys
    }

    /// The record with this ID as reads see it, decoded: what the store gives callers outside it.
    func record(_ dataID: DataID) -> Record? {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return record }
        return source.record(for: dataID)
    }

    /// What ``decodedRecord(_:)`` found.
    enum DecodedLookup {
        /// The record as reads see it (or `nil`), with nothing to keep.
        case found(Record?)
        /// The in-memory source's record, just decoded: worth keeping (``keepDecoded(_:)``).
        case decoded(Record)
    }

    /// ``record(_:)`` for ``Store/record(_:)``: an in-memory source's record is decoded once and
    /// kept until the source changes (``DecodedRecordCache``), by the caller, who keeps what this
    /// decoded. A kept record is found without reading the source: a copy of the in-memory source
    /// out of its enum would retain each of its buffers, which costs more than the lookup.
    @inline(__always) func decodedRecord(_ dataID: DataID) -> DecodedLookup {
        if !optimistic.isEmpty, let record = optimistic.merged[dataID] { return .found(record) }
        if let record = decoded.record(dataID, revision: sourceRevision) { return .found(record) }
        guard case .memory(let memory) = source else { return .found(source.record(for: dataID)) }
        guard let record = memory.record(for: dataID) else { return .found(nil) }
        return .decoded(record)
    }

    /// Keeps a record ``decodedRecord(_:)`` decoded.
    mutating func keepDecoded(_ record: Record) {
        decoded.keep(record, revision: sourceRevision)
    }

    /// Writes a publish's patches to the source; returns the records whose stored value (or
    /// typename) really changed: new records, and fields written with a different value. For the
    /// records `tracksFields` names, the changed fields' storage keys are listed too. Throws when
    /// the source refuses the batch, having changed nothing.
    mutating func write(
        _ patches: [DataID: RecordPatch], order dataIDs: [DataID], at writtenAt: WallInstant,
        tracksFields: (DataID) -> Bool
    ) throws(StoreError) -> StoreChanges {
        if let changes = source.writeInMemory(patches, order: dataIDs, at: writtenAt, tracksFields: tracksFields) {
            refreshOptimistic(patches)
            return changes
        }
        var changes = StoreChanges()
        for (dataID, existing) in zip(dataIDs, source.records(for: dataIDs)) {
            // `patches` has every ID of `dataIDs`; the lookup cannot fail.
            guard let patch = patches[dataID] else { continue }
            guard let existing else {
                // A new record changes exactly the fields it writes (and its typename): listing
                // them keeps the first write to a shared root record, such as the query root, from
                // re-reading every subscription rooted there.
                var keys = Set(patch.values.keys)
                if patch.typename != nil { keys.insert(SnapshotReader<Self>.typenameKey) }
                if tracksFields(dataID), !keys.isEmpty {
                    changes.insert(dataID, keys: keys)
                } else {
                    changes.insertRecord(dataID)
                }
                continue
            }
            guard patch.typename == nil || patch.typename == existing.typename else {
                changes.insertRecord(dataID)
                continue
            }
            if tracksFields(dataID) {
                var keys: Set<String> = []
                for (key, value) in patch.values where existing.fields[key]?.value != value { keys.insert(key) }
                changes.insert(dataID, keys: keys)
            } else if Self.changesValues(existing, patch) {
                changes.insertRecord(dataID)
            }
        }
        try source.write(RecordWriteBatch(patches: patches, order: dataIDs, writtenAt: writtenAt))
        refreshOptimistic(patches)
        return changes
    }

    /// Recomputes what the optimistic layers show of the records a write just changed under them.
    private mutating func refreshOptimistic(_ patches: [DataID: RecordPatch]) {
        guard !optimistic.isEmpty else { return }
        let under = patches.keys.filter { optimistic.merged[$0] != nil }
        if !under.isEmpty { optimistic.refresh(under, base: source) }
    }

    /// Writes a normalization's batch: merged as bytes into the in-memory source or into a source
    /// that keeps bytes (``EncodedRecordSource``), or as patches into any other; returns what changed, as ``write(_:order:at:tracksFields:)`` does.
    mutating func write(
        _ batch: NormalizedBatch, at writtenAt: WallInstant, tracksFields: (DataID) -> Bool
    ) throws(StoreError) -> StoreChanges {
        var written = source.writeInMemory(batch, at: writtenAt, tracksFields: tracksFields)
        if written == nil { written = try source.writeEncoded(batch, at: writtenAt, tracksFields: tracksFields) }
        guard let changes = written else {
            return try write(batch.patches(), order: batch.order, at: writtenAt, tracksFields: tracksFields)
        }
        if !optimistic.isEmpty {
            let under = batch.order.filter { optimistic.merged[$0] != nil }
            if !under.isEmpty { optimistic.refresh(under, base: source) }
        }
        return changes
    }

    private static func changesValues(_ existing: Record, _ patch: RecordPatch) -> Bool {
        for (key, value) in patch.values where existing.fields[key]?.value != value { return true }
        return false
    }
}
