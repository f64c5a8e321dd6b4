import Primitives

/// The store's record source: the in-memory source known by type, or any other through the
/// protocol.
///
/// Knowing the in-memory source lets a collection mark its records by position in a bit set and
/// sweep its array in order (0043); every other source is collected through
/// ``RecordSource/removeAll(notIn:)`` with the marked IDs. Either way the store calls the source
/// only under its lock.
enum RecordStorage: RecordSource {
    case memory(InMemoryRecordSource)
    case other(any RecordSource)

    /// Wraps `source`, unwrapping an in-memory source from the existential.
    init(_ source: any RecordSource) {
        if let memory = source as? InMemoryRecordSource {
            self = .memory(memory)
        } else {
            self = .other(source)
        }
    }

    func record(for dataID: DataID) -> Record? {
        switch self {
        case .memory(let source): source.record(for: dataID)
        case .other(let source): source.record(for: dataID)
        }
    }

    func records(for dataIDs: [DataID]) -> [Record?] {
        switch self {
        case .memory(let source): source.records(for: dataIDs)
        case .other(let source): source.records(for: dataIDs)
        }
    }

    var count: Int {
        switch self {
        case .memory(let source): source.count
        case .other(let source): source.count
        }
    }

    mutating func write(_ batch: RecordWriteBatch) throws(StoreError) {
        switch self {
        case .memory(var source):
            // The payload is taken out before it is mutated, so its buffers stay uniquely
            // referenced and are changed in place rather than copied.
            self = .memory(InMemoryRecordSource())
            source.write(batch)
            self = .memory(source)
        case .other(var source):
            self = .memory(InMemoryRecordSource())
            // Put back whether or not the write throws: a source that refuses a batch is unchanged.
            defer { self = .other(source) }
            try source.write(batch)
        }
    }

    /// Takes the list of links stored at `key` of record `dataID` out of the in-memory source,
    /// leaving the record without that field until the next write puts a value there; `nil` for
    /// any other source, or when the record has no list there. See
    /// `StoreState.mergingPagesForWrite(_:into:)`, the one caller.
    mutating func takeLinks(_ key: String, of dataID: DataID) -> [RecordValue]? {
        guard case .memory(var source) = self else { return nil }
        self = .memory(InMemoryRecordSource())
        let links = source.takeLinks(key, of: dataID)
        self = .memory(source)
        return links
    }

    /// Writes a publish's patches to the in-memory source and returns what changed
    /// (``InMemoryRecordSource/write(_:order:at:tracksFields:)``); `nil`, writing nothing, for any
    /// other source.
    mutating func writeInMemory(
        _ patches: [DataID: RecordPatch], order: [DataID], at writtenAt: WallInstant,
        tracksFields: (DataID) -> Bool
    ) -> StoreChanges? {
        guard case .memory(var source) = self else { return nil }
        self = .memory(InMemoryRecordSource())
        let changes = source.write(patches, order: order, at: writtenAt, tracksFields: tracksFields)
        self = .memory(source)
        return changes
    }

    /// Writes a normalized batch to the in-memory source and returns what changed; `nil`, writing
    /// nothing, for any other source.
    mutating func writeInMemory(
        _ batch: NormalizedBatch, at writtenAt: WallInstant, tracksFields: (DataID) -> Bool
    ) -> StoreChanges? {
        guard case .memory(var source) = self else { return nil }
        self = .memory(InMemoryRecordSource())
        let changes = source.write(batch, at: writtenAt, tracksFields: tracksFields)
        self = .memory(source)
        return changes
    }

    /// Writes a normalized batch as bytes into a source that keeps its records as bytes
    /// (``EncodedRecordSource``) and returns what changed; `nil`, writing nothing, for any other
    /// source. Throws when the source refuses the batch, having changed nothing.
    mutating func writeEncoded(
        _ batch: NormalizedBatch, at writtenAt: WallInstant, tracksFields: (DataID) -> Bool
    ) throws(StoreError) -> StoreChanges? {
        guard case .other(let other) = self, var source = other as? any EncodedRecordSource else { return nil }
        self = .memory(InMemoryRecordSource())
        // Put back whether or not the write throws: a source that refuses a batch is unchanged.
        defer { self = .other(source) }
        // The batch lives only for the write: the source is given it `inout` and keeps nothing of it.
        let result = withoutActuallyEscaping(tracksFields) { tracksFields in
            var encoded = EncodedRecordBatch(batch, writtenAt: writtenAt, tracksFields: tracksFields)
            return Result { () throws(StoreError) -> StoreChanges in
                try source.write(&encoded)
                return encoded.changes
            }
        }
        return try result.get()
    }

    func dataIDs(ofType typename: String) -> [DataID] {
        switch self {
        case .memory(let source): source.dataIDs(ofType: typename)
        case .other(let source): source.dataIDs(ofType: typename)
        }
    }

    mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        switch self {
        case .memory(var source):
            self = .memory(InMemoryRecordSource())
            let removed = source.removeAll(notIn: kept)
            self = .memory(source)
            return removed
        case .other(var source):
            self = .memory(InMemoryRecordSource())
            let removed = source.removeAll(notIn: kept)
            self = .other(source)
            return removed
        }
    }

    var invalidationPoint: WallInstant? {
        guard case .other(let source) = self else { return nil }
        return source.invalidationPoint
    }

    mutating func keepInvalidationPoint(_ point: WallInstant) {
        guard case .other(var source) = self else { return }
        self = .memory(InMemoryRecordSource())
        source.keepInvalidationPoint(point)
        self = .other(source)
    }

    mutating func noteRead(of root: StoreRoot, at instant: WallInstant) {
        guard case .other(var source) = self else { return }
        self = .memory(InMemoryRecordSource())
        source.noteRead(of: root, at: instant)
        self = .other(source)
    }

    mutating func persistedRoots(at instant: WallInstant) -> PersistedRoots {
        guard case .other(var source) = self else { return PersistedRoots() }
        self = .memory(InMemoryRecordSource())
        let roots = source.persistedRoots(at: instant)
        self = .other(source)
        return roots
    }

    mutating func keepFirstPersistedRoots(_ count: Int) {
        guard case .other(var source) = self else { return }
        self = .memory(InMemoryRecordSource())
        source.keepFirstPersistedRoots(count)
        self = .other(source)
    }

    var serverMaxAges: [String: Int] {
        guard case .other(let source) = self else { return [:] }
        return source.serverMaxAges
    }

    mutating func keepServerMaxAge(_ seconds: Int?, forRoot key: String) {
        guard case .other(var source) = self else { return }
        self = .memory(InMemoryRecordSource())
        source.keepServerMaxAge(seconds, forRoot: key)
        self = .other(source)
    }

    mutating func takeWritesByOthers() -> Bool {
        guard case .other(var source) = self else { return false }
        self = .memory(InMemoryRecordSource())
        let written = source.takeWritesByOthers()
        self = .other(source)
        return written
    }

    func pendingMutations() -> [PendingMutation] {
        guard case .other(let source) = self else { return [] }
        return source.pendingMutations()
    }

    mutating func keepPendingMutation(_ mutation: PendingMutation) throws(StoreError) {
        guard case .other(var source) = self else { return }
        self = .memory(InMemoryRecordSource())
        defer { self = .other(source) }
        try source.keepPendingMutation(mutation)
    }

    mutating func removePendingMutation(id: String) {
        guard case .other(var source) = self else { return }
        self = .memory(InMemoryRecordSource())
        source.removePendingMutation(id: id)
        self = .other(source)
    }

    /// Removes the in-memory source's records whose positions are not marked; nothing for another
    /// source (whose collection marks IDs instead).
    mutating func removeAll(notMarkedIn marks: RecordMarks) -> Int {
        guard case .memory(var source) = self else { return 0 }
        self = .memory(InMemoryRecordSource())
        let removed = source.removeAll(notMarkedIn: marks)
        self = .memory(source)
        return removed
    }
}
