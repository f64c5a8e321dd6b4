import Primitives

/// Everything the store's lock guards.
struct StoreState {
    var records: StoreRecords
    var subscriptions = SubscriptionIndex()
    /// Every field written at or before it is stale (``Store/invalidate()``).
    var invalidationPoint: WallInstant?
    /// The instant of the last ``Store/removeAll()``: an answer to a request sent at or before it is
    /// not written.
    var clearPoint: WallInstant?
    /// The server's `maxAge` for each root that had one, by the runtime's key for the root: kept
    /// here for every source, and by a persistent source for the next launch.
    var serverMaxAges: [String: Int]
    /// The newest instant any write was stamped with; an invalidation is never before it.
    var latestWrite: WallInstant?
    /// The version of the last snapshot read for a subscription (``Snapshot/version``): each such
    /// read takes the next, so a subscription never receives an older snapshot after a newer one,
    /// whichever path hands it over.
    var readVersion: UInt64 = 0
    /// How many `batch` calls are running; while above zero, changes wait in ``pendingChanges``.
    var batchDepth = 0
    var pendingChanges = StoreChanges()
    /// How many times a notify has re-read a subscription: what tests observe to check that a write
    /// re-reads only the subscriptions it concerns.
    private(set) var subscriptionReads = 0

    init(source: any RecordSource, configuration: StoreConfiguration) {
        records = StoreRecords(source: source, resolver: MissingFieldResolver(configuration: configuration))
        invalidationPoint = records.source.invalidationPoint
        serverMaxAges = records.source.serverMaxAges
        latestWrite = invalidationPoint
    }

    /// The instant a write made now is stamped with: the clock's reading, but always after the
    /// invalidation point, so data written after `invalidate()` is fresh even if the clock has not
    /// moved (a manual clock) or moved back (a wall clock set back).
    mutating func stamp(_ now: WallInstant) -> WallInstant {
        let stamp = provisionalStamp(now)
        if latestWrite.map({ stamp > $0 }) ?? true { latestWrite = stamp }
        return stamp
    }

    /// Records that a write was stamped with `instant` (an earlier request's), so that a later
    /// invalidation is never before it.
    mutating func record(_ instant: WallInstant) {
        if latestWrite.map({ instant > $0 }) ?? true { latestWrite = instant }
    }

    /// The instant a write made now would be stamped with, without recording it: what a
    /// transaction's staged fields read as before they are applied.
    func provisionalStamp(_ now: WallInstant) -> WallInstant {
        if let invalidationPoint, now <= invalidationPoint { return invalidationPoint + .nanoseconds(1) }
        return now
    }

    /// Reads `root` now, at the version of the last subscription read: no later read is older.
    func read(_ root: StoreRoot) -> Snapshot {
        var snapshot = SnapshotReader.read(root, from: records, invalidationPoint: invalidationPoint)
        snapshot.version = readVersion
        return snapshot
    }

    /// Reads `root` for a subscription: the snapshot, at a version of its own, and the storage keys
    /// of the fields read on the root record, which the subscription index names.
    mutating func readForSubscription(_ root: StoreRoot) -> (snapshot: Snapshot, rootFields: Set<String>) {
        var (snapshot, rootFields) = SnapshotReader.readTrackingRootFields(
            root, from: records, invalidationPoint: invalidationPoint)
        readVersion += 1
        snapshot.version = readVersion
        return (snapshot, rootFields)
    }

    /// `patches` with the `@connection` pages they hold merged into the lists the record source
    /// holds (``ConnectionMerge``); throws, writing nothing, when a page cannot be merged. For an
    /// optimistic layer: the lists held are read, not changed.
    func mergingPages(_ pages: [ConnectionPage], into patches: [DataID: RecordPatch]) throws(StoreError)
        -> [DataID: RecordPatch]
    {
        guard !pages.isEmpty else { return patches }
        var merged = patches
        try ConnectionMerge.merge(pages, into: &merged) { records.source.record(for: $0) }
        return merged
    }

    /// ``mergingPages(_:into:)`` for patches that are written to the source next, under this same
    /// lock: each list a page extends is taken out of its record, so that the page is appended to
    /// it in place (a page costs its own size, not the list's; the in-memory source keeps a record with
    /// a long list decoded for this). Nothing can fail between the take
    /// and the write that puts the merged list back, since the in-memory source's write cannot
    /// fail; any other source's lists are copied as ``mergingPages(_:into:)`` does.
    mutating func mergingPagesForWrite(_ pages: [ConnectionPage], into patches: [DataID: RecordPatch])
        throws(StoreError) -> [DataID: RecordPatch]
    {
        guard !pages.isEmpty else { return patches }
        let steps = try ConnectionMerge.plan(pages, patches: patches) { records.source.record(for: $0) }
        // Two pages of one list in one response: each must read the list as held, so none is taken.
        let lends = Set(steps.map(\.page.record)).count == steps.count
        var merged = patches
        for step in steps {
            var list: [RecordValue]?
            if lends && step.extendsList {
                list = records.source.takeLinks(step.page.listKey, of: step.page.record)
            }
            // Moved, not copied: the list taken must reach the merge with no second reference.
            ConnectionMerge.apply(step, list: consume list, into: &merged) { records.source.record(for: $0) }
        }
        return merged
    }

    /// Writes a publish's (or a transaction's) patches; returns what changed, with changed field
    /// keys for the records subscriptions are rooted at. Stamps the write with the clock's reading
    /// `now` (``stamp(_:)``), and leaves everything as it was when the source refuses the batch.
    mutating func write(
        _ patches: [DataID: RecordPatch], order dataIDs: [DataID], now: WallInstant
    ) throws(StoreError) -> StoreChanges {
        let changes = try write(patches, order: dataIDs, at: provisionalStamp(now))
        _ = stamp(now)
        return changes
    }

    /// Writes a normalization's batch (with no connection pages to merge) as
    /// ``write(_:order:now:)`` writes patches.
    mutating func write(_ batch: NormalizedBatch, now: WallInstant) throws(StoreError) -> StoreChanges {
        let changes = try write(batch, at: provisionalStamp(now))
        _ = stamp(now)
        return changes
    }

    /// Writes a normalization's batch stamped with `writtenAt` exactly, as
    /// ``write(_:order:at:)`` writes patches.
    mutating func write(_ batch: NormalizedBatch, at writtenAt: WallInstant) throws(StoreError) -> StoreChanges {
        let subscriptions = self.subscriptions
        return try records.write(batch, at: writtenAt) { subscriptions.tracksFields(of: $0) }
    }

    /// Writes a normalization's batch, merging the `@connection` pages it holds into the lists
    /// held first (``mergingPages(_:into:)``), stamped `writtenAt` or, when `nil`, now.
    mutating func write(
        _ batch: NormalizedBatch, pages: [ConnectionPage], at writtenAt: WallInstant?, now: WallInstant
    ) throws(StoreError) -> StoreChanges {
        if let writtenAt, let clearPoint, writtenAt <= clearPoint { return StoreChanges() }
        if pages.isEmpty {
            if let writtenAt { return try write(batch, at: writtenAt) }
            return try write(batch, now: now)
        }
        let patches = try mergingPagesForWrite(pages, into: batch.patches())
        if let writtenAt { return try write(patches, order: batch.order, at: writtenAt) }
        return try write(patches, order: batch.order, now: now)
    }

    /// Writes `patches` stamped with `writtenAt` exactly (an earlier request's instant); the caller
    /// records the instant after the write succeeds, so a write the source refuses changes nothing.
    mutating func write(
        _ patches: [DataID: RecordPatch], order dataIDs: [DataID], at writtenAt: WallInstant
    ) throws(StoreError) -> StoreChanges {
        let subscriptions = self.subscriptions
        return try records.write(patches, order: dataIDs, at: writtenAt) { subscriptions.tracksFields(of: $0) }
    }

    /// Re-reads the subscriptions that read anything `changes` names; returns the deliveries for
    /// those whose data changed (``Snapshot/needsDelivery(after:)``). Subscriptions whose data did
    /// not change keep their snapshot's new seen records and write times silently.
    ///
    /// The delivery of the subscription `reporting` delivers to, when there is one, is the write's
    /// caller's: it is in the deliveries marked ``PendingDelivery/isReported``, and its callback is
    /// not called with it.
    mutating func notify(_ changes: StoreChanges, reporting: SubscriptionDelivery? = nil) -> [PendingDelivery] {
        if batchDepth > 0 {
            pendingChanges.formUnion(changes)
            return []
        }
        guard !changes.isEmpty else { return [] }
        return reread(subscriptions.affected(by: changes), reporting: reporting)
    }

    /// Re-reads every subscription, for when another writer changed records without saying which;
    /// returns the deliveries for those whose data changed.
    mutating func rereadAll() -> [PendingDelivery] {
        reread(Array(subscriptions.entries.keys), reporting: nil)
    }

    private mutating func reread(_ ids: some Sequence<Int>, reporting: SubscriptionDelivery?) -> [PendingDelivery] {
        var deliveries: [PendingDelivery] = []
        for id in ids {
            guard let entry = subscriptions.entries[id] else { continue }
            let (snapshot, rootFields) = readForSubscription(entry.root)
            subscriptionReads += 1
            let visible = snapshot.needsDelivery(after: entry.snapshot)
            subscriptions.update(id, snapshot: snapshot, rootFields: rootFields)
            if visible {
                deliveries.append(
                    PendingDelivery(
                        delivery: entry.delivery, snapshot: snapshot, isReported: entry.delivery === reporting))
            }
        }
        return deliveries
    }
}
