import GraphQLCore
import Primitives

/// The normalized store: records written by responses, read back as snapshots, with subscriptions
/// told of the changes that concern them, garbage collection from given roots, write times and an
/// invalidation point.
///
/// Thread-safe: one lock guards the records, the subscriptions and the times. Normalizing a
/// response happens before taking the lock (it reads nothing from the store); writing, reading,
/// collecting and choosing whom to notify happen under it, so a collection never runs during a
/// read or a publish. Callbacks run after the lock is released, on the thread that published.
public final class Store: Sendable {
    let configuration: StoreConfiguration
    let state: Locked<StoreState>

    /// A store over `source` (in memory by default).
    public init(source: sending any RecordSource = InMemoryRecordSource(), configuration: StoreConfiguration = .init())
    {
        self.configuration = configuration
        self.state = Locked(StoreState(source: source, configuration: configuration))
    }

    // MARK: Writing

    /// Writes a response's `data`, read with `root`'s selection and variables, into the records
    /// from `root`'s record; tells the subscriptions whose data changed. Returns the IDs of the
    /// records whose stored values changed (a field written with an equal value changes only its
    /// write time).
    ///
    /// Atomic: a response that does not fit the selection throws ``StoreError`` and writes nothing;
    /// so does a record source that cannot write it (a full disk), and the store is as it was.
    ///
    /// A deferred field (`CompiledField.isDeferred`) may be absent: an incremental answer's
    /// parts are written one after the other, each as the whole answer so far, and the parts before
    /// a deferred fragment lack its fields. What the store held for such a field stays.
    @discardableResult
    public func publish(_ data: JSONValue, to root: StoreRoot) throws(StoreError) -> Set<DataID> {
        let (batch, pages) = try normalizeBatch(data, root)
        return try write(batch, pages: pages)
    }

    /// Writes a normalized batch under the lock and tells the subscriptions it concerns.
    func write(_ batch: NormalizedBatch, pages: [ConnectionPage]) throws(StoreError) -> Set<DataID> {
        let (changes, deliveries) = try state.withLock { state throws(StoreError) in
            let changes = try state.write(batch, pages: pages, at: nil, now: configuration.clock())
            return (changes, state.notify(changes))
        }
        for delivery in deliveries { delivery.perform() }
        return changes.records
    }

    /// Writes a response's `data` as ``publish(_:to:)`` does, stamped with `requestedAt` (from
    /// ``requestInstant()`` when the request was sent) rather than the time it arrives: data is as
    /// old as the request that asked for it. An answer to a request sent before ``invalidate()``
    /// is therefore written stale, and its expiration runs from the request. Returns what changed
    /// and how many subscriptions were told.
    @discardableResult
    public func publish(_ data: JSONValue, to root: StoreRoot, requestedAt: WallInstant) throws(StoreError)
        -> PublishReport
    {
        let (batch, pages) = try normalizeBatch(data, root)
        return try write(batch, pages: pages, requestedAt: requestedAt)
    }

    /// Writes a response's `data` as ``publish(_:to:requestedAt:)`` does, with the response's
    /// field errors: each error whose path reaches a `null` of the data is kept there
    /// (``RecordValue/fieldError(_:)``) instead of the plain `null`, at the nearest position that
    /// became `null` for it when a non-null field's error bubbled up. The report says which errors
    /// were stored (``PublishReport/storedFieldErrors``); the others (no path, or a path that meets
    /// no `null`) are the caller's to show.
    @discardableResult
    public func publish(
        _ data: JSONValue, to root: StoreRoot, requestedAt: WallInstant, fieldErrors: [FieldError]
    ) throws(StoreError) -> PublishReport {
        let (batch, pages, stored) = try normalizeBatch(data, root, fieldErrors: fieldErrors)
        var report = try write(batch, pages: pages, requestedAt: requestedAt)
        report.storedFieldErrors = stored
        return report
    }

    /// Writes a response's `data` as ``publish(_:to:requestedAt:fieldErrors:)`` does, for the owner
    /// of `subscription`, who shows what the write changed itself: when the write changes what the
    /// subscription reads, its new snapshot is in the report (``PublishReport/snapshot``) and its
    /// callback is not called with it. A callback still running with an older snapshot may return
    /// after this does; the snapshots' versions (``Snapshot/version``) tell which is newer.
    ///
    /// Inside a ``batch(_:)`` (this thread's or another's) the report has no snapshot, and the
    /// batch's end calls the callback as it would.
    public func publish(
        _ data: JSONValue, to root: StoreRoot, requestedAt: WallInstant, fieldErrors: [FieldError] = [],
        reporting subscription: StoreSubscription?
    ) throws(StoreError) -> PublishReport {
        let (batch, pages, stored) = try normalizeBatch(data, root, fieldErrors: fieldErrors)
        var report = try write(batch, pages: pages, requestedAt: requestedAt, reporting: subscription?.delivery)
        report.storedFieldErrors = stored
        return report
    }

    /// Writes a normalized batch stamped with `requestedAt` under the lock and tells the
    /// subscriptions it concerns, but for the one `reporting` delivers to, whose snapshot is
    /// reported.
    func write(
        _ batch: NormalizedBatch, pages: [ConnectionPage], requestedAt: WallInstant,
        reporting: SubscriptionDelivery? = nil
    ) throws(StoreError) -> PublishReport {
        let (changes, deliveries) = try state.withLock { state throws(StoreError) in
            let changes = try state.write(batch, pages: pages, at: requestedAt, now: configuration.clock())
            state.record(requestedAt)
            return (changes, state.notify(changes, reporting: reporting))
        }
        var report = PublishReport(changedRecords: changes.records, notifiedSubscriptions: deliveries.count)
        for delivery in deliveries {
            delivery.perform()
            if delivery.isReported { report.snapshot = delivery.snapshot }
        }
        return report
    }

    /// The instant a request sent now stands for: what a write made now would be stamped with.
    /// Hand it to ``publish(_:to:requestedAt:)`` with the answer. An ``invalidate()`` after this
    /// call puts its point at or after this instant, so the answer counts as stale.
    public func requestInstant() -> WallInstant {
        state.withLock { $0.stamp(configuration.clock()) }
    }

    /// Runs `body` as ``batch(_:)`` does and reports how many subscriptions its end told (0 when it
    /// runs inside another batch, whose end tells them).
    public func batchReportingNotifications<Result>(_ body: () throws -> Result) rethrows -> (
        result: Result, notifiedSubscriptions: Int
    ) {
        let (result, ended) = try runBatch(reporting: nil, body)
        return (result, ended.notified)
    }

    /// Runs `body` as ``batch(_:)`` does, for the owner of `subscription`, who shows what the batch
    /// changed itself: when its end changes what the subscription reads, the new snapshot is
    /// returned and the subscription's callback is not called with it, as
    /// ``publish(_:to:requestedAt:fieldErrors:reporting:)`` reports it. `nil` when the batch changed
    /// nothing it reads, or ran inside another batch, whose end calls the callback.
    public func batch<Result>(reporting subscription: StoreSubscription?, _ body: () throws -> Result) rethrows -> (
        result: Result, snapshot: Snapshot?
    ) {
        let (result, ended) = try runBatch(reporting: subscription?.delivery, body)
        return (result, ended.snapshot)
    }

    /// Runs `body` as one level of ``batch(_:)`` and returns what its end did (``endBatch(reporting:)``).
    private func runBatch<Result>(reporting: SubscriptionDelivery?, _ body: () throws -> Result) rethrows -> (
        result: Result, ended: (notified: Int, snapshot: Snapshot?)
    ) {
        state.withLock { $0.batchDepth += 1 }
        let result: Result
        do {
            result = try body()
        } catch {
            endBatch()
            throw error
        }
        return (result, endBatch(reporting: reporting))
    }

    /// Ends one level of ``batch(_:)``; the outermost tells each affected subscription once, but for
    /// the one `reporting` delivers to, whose snapshot it returns. Returns how many it told.
    @discardableResult
    private func endBatch(reporting: SubscriptionDelivery? = nil) -> (notified: Int, snapshot: Snapshot?) {
        let deliveries = state.withLock { state -> [PendingDelivery] in
            state.batchDepth -= 1
            guard state.batchDepth == 0 else { return [] }
            let changes = state.pendingChanges
            state.pendingChanges = StoreChanges()
            return state.notify(changes, reporting: reporting)
        }
        var snapshot: Snapshot?
        for delivery in deliveries {
            delivery.perform()
            if delivery.isReported { snapshot = delivery.snapshot }
        }
        return (deliveries.count, snapshot)
    }

    /// Runs `body` with a transaction that stages writes, then applies them all in one step: one
    /// write batch under the lock, stamped with one instant, and one notification of each affected
    /// subscription. Returns the IDs of the records whose stored values changed.
    ///
    /// All or nothing: when `body` throws (a staged publish the store refuses, or an error of its
    /// own, or the record source's refusal of the batch), nothing is written, no write time moves and
    /// no subscription is told anything. Publishes
    /// made meanwhile by other threads are written at once as usual and are kept; a field both
    /// they and the transaction write takes the transaction's value, as the later write.
    @discardableResult
    public func update(_ body: (inout StoreTransaction) throws -> Void) throws -> Set<DataID> {
        var transaction = StoreTransaction(store: self)
        try body(&transaction)
        return try apply(transaction)
    }

    /// ``update(_:)`` for the answer to a request sent at `requestedAt` (``requestInstant()``): when a
    /// ``removeAll()`` came after the request (a log-out), nothing is written, as
    /// ``publish(_:to:requestedAt:)`` writes nothing then.
    @discardableResult
    public func update(requestedAt: WallInstant, _ body: (inout StoreTransaction) throws -> Void) throws -> Set<DataID>
    {
        var transaction = StoreTransaction(store: self)
        try body(&transaction)
        return try apply(transaction, requestedAt: requestedAt)
    }

    /// Writes a transaction's staged patches in one step, unless they answer a request sent at or
    /// before the last ``removeAll()``.
    private func apply(_ transaction: StoreTransaction, requestedAt: WallInstant? = nil) throws(StoreError)
        -> Set<DataID>
    {
        guard !transaction.order.isEmpty else { return [] }
        let (changes, deliveries) = try state.withLock { state throws(StoreError) in
            if let requestedAt, let clearPoint = state.clearPoint, requestedAt <= clearPoint {
                return (StoreChanges(), [PendingDelivery]())
            }
            let changes = try state.write(transaction.patches, order: transaction.order, now: configuration.clock())
            return (changes, state.notify(changes))
        }
        for delivery in deliveries { delivery.perform() }
        return changes.records
    }

    /// Runs `body`, holding back notifications of the publishes inside it until it returns, then
    /// tells each affected subscription once. Not a transaction: each publish inside is atomic on
    /// its own, and those made before `body` throws stay written; ``update(_:)`` is all or nothing.
    public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
        state.withLock { $0.batchDepth += 1 }
        defer { endBatch() }
        return try body()
    }

    /// Asks the record source whether another writer changed it (another store over the same
    /// SQLite file: an app extension, or a second store in this process) and, when one did,
    /// re-reads every subscription and tells those whose data changed. Returns how many were told.
    ///
    /// Reads see another writer's commits by themselves; this is what tells the subscribers. Call
    /// it where the app looks again at its data: when it returns to the foreground, beside
    /// `Environment.revalidate()`.
    @discardableResult
    public func checkForOtherWriters() -> Int {
        let deliveries = state.withLock { state -> [PendingDelivery] in
            guard state.records.source.takeWritesByOthers() else { return [] }
            return state.rereadAll()
        }
        for delivery in deliveries { delivery.perform() }
        return deliveries.count
    }

    // MARK: Reading

    /// Reads `root` now.
    public func lookup(_ root: StoreRoot) -> Snapshot {
        state.withLock { $0.read(root) }
    }

    /// Whether `root`'s data is complete and how old it is, without building the data.
    public func check(_ root: StoreRoot) -> Availability {
        state.withLock { DataChecker.check(root, in: $0.records, invalidationPoint: $0.invalidationPoint) }
    }

    /// ``check(_:)`` for a caller that checks the same root again and again (a runtime's sweep
    /// over its retained roots): `hints` keeps where this check found the root's records, and the
    /// next check looks there first instead of in the table of every record's position, whose
    /// probes land anywhere in a large store. A hint is checked before it is used, so any store
    /// change only makes it cost the lookup it would have saved. Start with empty hints.
    public func check(_ root: StoreRoot, hints: inout RecordPositionHints) -> Availability {
        state.withLock {
            DataChecker.check(root, in: $0.records, invalidationPoint: $0.invalidationPoint, hints: &hints.positions)
        }
    }

    /// The record with this ID as reads see it (optimistic writes included), or `nil`.
    public func record(_ dataID: DataID) -> Record? {
        state.withLock { state in
            switch state.records.decodedRecord(dataID) {
            case .found(let record):
                return record
            case .decoded(let record):
                state.records.keepDecoded(record)
                return record
            }
        }
    }

    /// The number of records in the record source.
    public var recordCount: Int { state.withLock { $0.records.source.count } }

    // MARK: Subscribing

    /// Reads `root` and calls `onChange` with a new snapshot after each publish that changes its
    /// data (or whether any is missing), until the returned subscription is cancelled or released.
    /// Records the subscription's snapshot reads are never collected while it lives.
    public func subscribe(
        to root: StoreRoot, onChange: @escaping @Sendable (Snapshot) -> Void
    ) -> StoreSubscription {
        let delivery = SubscriptionDelivery(onChange: onChange)
        let now = configuration.clock()
        let id = state.withLock { state in
            state.records.source.noteRead(of: root, at: now)
            let (snapshot, rootFields) = state.readForSubscription(root)
            return state.subscriptions.insert(
                .init(root: root, snapshot: snapshot, rootFields: rootFields, delivery: delivery))
        }
        return StoreSubscription(
            delivery: delivery,
            cancel: { [self] in
                let removed = state.withLock { $0.subscriptions.remove(id) }
                withExtendedLifetime(removed) {}  // released here, after the lock
            },
            snapshot: { [self] in state.withLock { $0.subscriptions.entries[id]?.snapshot } })
    }

    /// The number of live subscriptions.
    public var subscriptionCount: Int { state.withLock { $0.subscriptions.count } }

    /// How many times notifications have re-read a subscription so far: tests check with it that a
    /// write re-reads only the subscriptions it concerns.
    var subscriptionReads: Int { state.withLock { $0.subscriptionReads } }

    // MARK: Collecting

    /// Removes every record that neither `roots` nor a live subscription reaches, nor the roots of
    /// earlier launches a persistent source's policy keeps (``PersistedRoots``); under the lock, so
    /// no read or publish interleaves with it.
    @discardableResult
    public func collectGarbage(retaining roots: [StoreRoot]) -> CollectionReport {
        let now = configuration.clock()
        return state.withLock { state in
            let count = state.records.source.count
            let removed: Int
            if let (marks, markedRecords) = Self.markPositions(roots, in: state) {
                // Every record marked: nothing to sweep, and no pass over the source to find that out.
                if markedRecords == count { return CollectionReport(removedRecords: 0, keptRecords: count) }
                removed = state.records.source.removeAll(notMarkedIn: marks)
            } else {
                let persisted = state.records.source.persistedRoots(at: now)
                let (kept, markedRecords, keptPersisted) = Self.markIdentifiers(roots, persisted, in: state)
                if keptPersisted < persisted.roots.count { state.records.source.keepFirstPersistedRoots(keptPersisted) }
                if markedRecords == count { return CollectionReport(removedRecords: 0, keptRecords: count) }
                removed = state.records.source.removeAll(notIn: kept)
            }
            return CollectionReport(removedRecords: removed, keptRecords: state.records.source.count)
        }
    }

    /// The positions `roots` and the live subscriptions reach in the in-memory source, and how many
    /// there are; `nil` for another source. A function of its own so that the marker's view of the
    /// records is gone before the sweep mutates them (a live copy would make the sweep copy the
    /// whole source).
    private static func markPositions(_ roots: [StoreRoot], in state: borrowing StoreState) -> (RecordMarks, Int)? {
        guard case .memory(let source) = state.records.source else { return nil }
        var marker = ReferenceMarker(
            table: PositionMarkingTable(source: source), overlay: state.records.optimistic.merged,
            resolver: state.records.resolver)
        mark(roots, subscriptions: state.subscriptions, with: &marker)
        return (marker.table.marks, marker.table.markedRecords)
    }

    /// The IDs `roots`, the live subscriptions and the persisted roots reach in any other source,
    /// how many of them name its records, and how many of the persisted roots were marked before
    /// their record bound was passed.
    private static func markIdentifiers(
        _ roots: [StoreRoot], _ persisted: PersistedRoots, in state: borrowing StoreState
    ) -> (Set<DataID>, Int, Int) {
        var marker = ReferenceMarker(
            table: IdentifierMarkingTable(source: state.records.source), overlay: state.records.optimistic.merged,
            resolver: state.records.resolver)
        mark(roots, subscriptions: state.subscriptions, with: &marker)
        var keptPersisted = 0
        for root in persisted.roots {
            if let limit = persisted.recordLimit, marker.table.markedRecords >= limit { break }
            marker.mark(root)
            keptPersisted += 1
        }
        return (marker.table.marked, marker.table.markedRecords, keptPersisted)
    }

    private static func mark(
        _ roots: [StoreRoot], subscriptions: SubscriptionIndex, with marker: inout ReferenceMarker<some MarkingTable>
    ) {
        for root in roots { marker.mark(root) }
        for entry in subscriptions.entries.values {
            marker.mark(entry.root)
            marker.mark(entry.snapshot.seenRecords)
        }
    }

    // MARK: Time

    /// Makes every field written so far stale: snapshots that read one report
    /// ``Snapshot/isInvalidated``. Writes after this call are fresh.
    public func invalidate() {
        state.withLock { state in
            var point = configuration.clock()
            if let latest = state.latestWrite, latest > point { point = latest }
            if let previous = state.invalidationPoint, previous > point { point = previous }
            state.invalidationPoint = point
            state.records.source.keepInvalidationPoint(point)
        }
    }

    /// The instant of the last ``invalidate()``, or `nil` when never invalidated.
    public var invalidationPoint: WallInstant? { state.withLock { $0.invalidationPoint } }

    // MARK: Optimistic writes

    /// Writes `data` as an optimistic layer named `id` over the records: reads see it at once,
    /// until ``removeOptimistic(_:)`` removes exactly it. A layer with the same `id` is replaced.
    public func applyOptimistic(_ id: String, _ data: JSONValue, to root: StoreRoot) throws(StoreError) {
        let (normalized, _, pages) = try normalize(data, root)
        let deliveries = try state.withLock { state throws(StoreError) in
            let patches = try state.mergingPages(pages, into: normalized)
            var changes = state.records.optimistic.remove(id: id, base: state.records.source)
            let writtenAt = state.stamp(configuration.clock())
            changes.formUnion(
                state.records.optimistic.add(id: id, patches: patches, writtenAt: writtenAt, base: state.records.source)
            )
            return state.notify(changes)
        }
        for delivery in deliveries { delivery.perform() }
    }

    /// Removes the optimistic layer `id`, restoring what the records and the other layers say.
    public func removeOptimistic(_ id: String) {
        let deliveries = state.withLock { state in
            state.notify(state.records.optimistic.remove(id: id, base: state.records.source))
        }
        for delivery in deliveries { delivery.perform() }
    }

    func normalize(
        _ data: JSONValue, _ root: StoreRoot
    ) throws(StoreError) -> (patches: [DataID: RecordPatch], order: [DataID], pages: [ConnectionPage]) {
        let (batch, pages) = try normalizeBatch(data, root)
        return (batch.patches(), batch.order, pages)
    }

    /// Normalizes `data` into a batch in the record format's pieces, which the in-memory source
    /// merges as bytes, and the connection pages it holds; the batch's tables are sized for
    /// `expectedRecords` at once when the count is known.
    func normalizeBatch<Input: NormalizerInput>(
        _ data: Input, _ root: StoreRoot, expectedRecords: Int = 0
    ) throws(StoreError) -> (batch: NormalizedBatch, pages: [ConnectionPage]) {
        let (batch, pages, _) = try normalizeBatch(data, root, expectedRecords: expectedRecords, fieldErrors: [])
        return (batch, pages)
    }

    /// ``normalizeBatch(_:_:expectedRecords:)`` writing `fieldErrors` where their paths reach a
    /// `null`; returns which of them it stored, by index.
    func normalizeBatch<Input: NormalizerInput>(
        _ data: Input, _ root: StoreRoot, expectedRecords: Int = 0, fieldErrors: [FieldError]
    ) throws(StoreError) -> (batch: NormalizedBatch, pages: [ConnectionPage], storedFieldErrors: Set<Int>) {
        var normalizer = ResponseNormalizer(
            configuration: configuration, variables: root.variables, expectedRecords: expectedRecords)
        try normalizer.normalize(data, selectionSet: root.selectionSet, into: root.dataID, fieldErrors: fieldErrors)
        return (normalizer.batch, normalizer.pages, normalizer.errorPaths.stored)
    }
}
