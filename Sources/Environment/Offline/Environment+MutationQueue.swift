import EventLog
import Foundation
import GraphQLCore
import Primitives
import StoreCore
import Transport

extension GraphQLEnvironment {
    /// Sends `mutation` as ``commit(_:optimisticResponse:updater:)->GraphQLResponse`` does, but when
    /// `queueing` allows and the request does not reach the server (no connection, no name, a
    /// timeout: see the offline guide), keeps it in a queue instead of failing: its optimistic layer stays on
    /// screen, and the commit returns ``CommitOutcome/queued(_:)`` ("pending, N queued").
    ///
    /// A mutation whose scope already has mutations queued is queued behind them without a request,
    /// so that it cannot overtake them. The queue is replayed by ``revalidate()`` and
    /// ``replayQueuedMutations()``. With the SQLite store the queued mutation and its optimistic
    /// layer are written in one transaction, and come back, on screen, after a relaunch; in memory
    /// the queue lives for the process.
    ///
    /// The idempotence ID (``MutationQueueing/id``) is sent in
    /// ``MutationQueueConfiguration/idempotenceHeader`` on every send, including the first.
    ///
    /// Throws as `commit` does for a failure that reached the server (the layer rolled back), and
    /// the `StoreError` of an optimistic response that does not fit (nothing sent or queued) or of
    /// a store that cannot keep the queued mutation (the layer rolled back).
    @discardableResult
    public func commit(
        _ mutation: GraphQLOperation, optimisticResponse: JSONValue? = nil, queueing: MutationQueueing,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> CommitOutcome {
        guard queueing.isQueueable else {
            return .answered(
                try await commitNow(mutation, optimisticResponse: optimisticResponse, updater: updater))
        }
        expireQueuedMutations()
        let root = StoreRoot(operation: mutation)
        let filled = try Self.filledOptimisticResponse(optimisticResponse, for: root)
        let layer = filled.map { _ in "queued-" + queueing.id }
        let entry = { (sequence: Int64) in
            MutationQueue.Entry(
                id: queueing.id, scope: queueing.scope, sequence: sequence, queuedAt: self.clock.now(),
                operation: mutation, root: root, layer: layer, updater: updater)
        }
        if mutationQueue.withLock({ $0.mustWait(in: queueing.scope) }) {
            return .queued(try enqueue(entry, optimisticResponse: filled))
        }
        if let layer, let filled { try store.applyOptimistic(layer, filled, to: root) }
        switch await attempt(
            mutation, root: root, layer: layer, updater: updater, request: request(mutation, id: queueing.id))
        {
        case .answered(let response): return .answered(response)
        case .failed(let error): throw error
        case .unreached:
            do {
                return .queued(try enqueue(entry, optimisticResponse: filled))
            } catch {
                if let layer { store.removeOptimistic(layer) }
                throw error
            }
        }
    }

    /// The mutations waiting in the queue, in order, each with the queue's length.
    public var queuedMutations: [QueuedMutation] {
        mutationQueue.withLock { queue in
            queue.entries.map { entry in
                var queued = entry.queuedMutation
                queued.queuedCount = queue.count
                return queued
            }
        }
    }

    /// Sends the queued mutations, in order, one at a time in each ordering scope (scopes side by
    /// side), and returns what happened. ``revalidate()`` calls it before it refetches stale roots.
    ///
    /// Each answer with data is written (the mutation's layer goes with it). A mutation the server
    /// refuses is rolled back alone and reported to ``MutationQueueConfiguration/observer``; its
    /// scope goes on or stops as ``MutationQueueConfiguration/rejectionRules`` says. A request that
    /// does not reach the server stops its scope with the rest kept. Mutations older than the
    /// queue's maximum age expire first. A scope another replay is sending is left to it.
    @discardableResult
    public func replayQueuedMutations() async -> ReplayReport {
        var report = ReplayReport()
        report.expired = expireQueuedMutations()
        let scopes = mutationQueue.withLock { $0.beginReplay() }
        let reports = await withTaskGroup(of: ReplayReport.self) { group in
            for scope in scopes { group.addTask { await self.replay(scope) } }
            var reports: [ReplayReport] = []
            for await report in group { reports.append(report) }
            return reports
        }
        for scopeReport in reports {
            report.replayed += scopeReport.replayed
            report.rejected += scopeReport.rejected
            report.stoppedUnreached = report.stoppedUnreached || scopeReport.stoppedUnreached
        }
        report.remaining = mutationQueue.withLock { $0.count }
        if report.replayed + report.rejected > 0 {
            log.record(
                .mutationQueue(
                    queued: 0, replayed: report.replayed, rejected: report.rejected, expired: 0,
                    pending: report.remaining))
        }
        return report
    }

    /// Replays one scope until it is empty, a mutation does not reach the server, or a rejection
    /// stops it.
    private func replay(_ scope: String) async -> ReplayReport {
        var report = ReplayReport()
        let rule = configuration.mutationQueue.rejectionRules[scope] ?? .goOn
        while let entry = mutationQueue.withLock({ $0.next(in: scope) }) {
            switch await attempt(
                entry.operation, root: entry.root, layer: entry.layer, updater: entry.updater,
                request: request(entry.operation, id: entry.id))
            {
            case .answered:
                store.removePending(entry.id, layer: nil)
                _ = mutationQueue.withLock { $0.remove(entry.id) }
                report.replayed += 1
                tell(entry, .replayed)
            case .unreached:
                mutationQueue.withLock { $0.endReplay(of: scope, sent: entry.id) }
                report.stoppedUnreached = true
                return report
            case .failed(let error):
                // The attempt rolled the layer back; the row goes with it.
                store.removePending(entry.id, layer: entry.layer)
                _ = mutationQueue.withLock { $0.remove(entry.id) }
                report.rejected += 1
                tell(entry, .rejected(error))
                if rule == .stop {
                    mutationQueue.withLock { $0.endReplay(of: scope, sent: nil) }
                    return report
                }
            }
        }
        return report
    }

    /// Queues the mutation `entry` makes, with its layer, in the store first (one transaction),
    /// then in memory; expires the oldest when the queue is full.
    private func enqueue(
        _ entry: (Int64) -> MutationQueue.Entry, optimisticResponse: JSONValue?
    ) throws(StoreError) -> QueuedMutation {
        let made = entry(mutationQueue.withLock { $0.takeSequence() })
        let payload = QueuedMutationPayload(made.operation, optimisticResponse: optimisticResponse)
        try store.queueOptimistic(
            made.layer ?? "", optimisticResponse, to: made.root,
            keeping: PendingMutation(
                id: made.id, scope: made.scope, sequence: made.sequence, queuedAt: made.queuedAt,
                payload: payload.bytes))
        let count = mutationQueue.withLock { queue in
            queue.append(made)
            return queue.count
        }
        log.record(.mutationQueue(queued: 1, replayed: 0, rejected: 0, expired: 0, pending: count))
        expireQueuedMutations()
        var queued = made.queuedMutation
        queued.queuedCount = mutationQueue.withLock { $0.count }
        return queued
    }

    /// Drops the queued mutations that are too old or past the queue's length, rolling back their
    /// layers and telling the observer; returns how many.
    @discardableResult
    func expireQueuedMutations() -> Int {
        let limits = configuration.mutationQueue
        let now = clock.now()
        let (dropped, count) = mutationQueue.withLock { queue in
            (queue.expire(at: now, maximumAge: limits.maximumAge, maximumLength: limits.maximumLength), queue.count)
        }
        guard !dropped.isEmpty else { return 0 }
        for (entry, error) in dropped {
            store.removePending(entry.id, layer: entry.layer)
            tell(entry, .expired(error))
        }
        log.record(.mutationQueue(queued: 0, replayed: 0, rejected: 0, expired: dropped.count, pending: count))
        return dropped.count
    }

    /// Brings back the mutations a persistent store kept queued, in order, each with its optimistic
    /// layer on screen: called once, when the environment is made. One that cannot be read back is
    /// dropped and reported as expired (`unreadable`).
    func restoreQueuedMutations() {
        let pending = store.pendingMutations
        guard !pending.isEmpty else { return }
        for row in pending {
            do throws(MutationQueueError) {
                let payload = try QueuedMutationPayload(bytes: row.payload)
                let operation = try payload.operation(schema: schema)
                let root = StoreRoot(operation: operation)
                let layer = payload.optimisticResponse.map { _ in "queued-" + row.id }
                if let layer, let data = payload.optimisticResponse {
                    do {
                        try store.applyOptimistic(layer, data, to: root)
                    } catch {
                        throw MutationQueueError(.unreadable, "a queued mutation's optimistic response no longer fits")
                    }
                }
                mutationQueue.withLock { queue in
                    queue.append(
                        MutationQueue.Entry(
                            id: row.id, scope: row.scope, sequence: row.sequence, queuedAt: row.queuedAt,
                            operation: operation, root: root, layer: layer, updater: nil))
                }
            } catch {
                store.removePending(row.id, layer: nil)
                configuration.mutationQueue.observer?(
                    QueuedMutationEvent(
                        mutation: QueuedMutation(id: row.id, scope: row.scope, operationName: nil, queuedCount: 0),
                        outcome: .expired(error)))
            }
        }
    }

    /// The request of a queueable mutation: the idempotence ID in the configured header.
    private func request(_ mutation: GraphQLOperation, id: String) -> GraphQLRequest {
        guard let header = configuration.mutationQueue.idempotenceHeader else { return GraphQLRequest(mutation) }
        return GraphQLRequest(mutation, headers: [header: id])
    }

    /// Tells the observer how `entry` ended.
    private func tell(_ entry: MutationQueue.Entry, _ outcome: QueuedMutationEvent.Outcome) {
        guard let observer = configuration.mutationQueue.observer else { return }
        var queued = entry.queuedMutation
        queued.queuedCount = mutationQueue.withLock { $0.count }
        observer(QueuedMutationEvent(mutation: queued, outcome: outcome))
    }

    /// What `commit(_:optimisticResponse:updater:)` returns for a mutation it queued (the
    /// environment queues by default): the optimistic response as `data` (what screens show), and
    /// the queued mutation in `extensions["queued"]`.
    static func queuedResponse(_ queued: QueuedMutation, showing optimisticResponse: JSONValue?) -> GraphQLResponse {
        GraphQLResponse(
            data: optimisticResponse,
            extensions: [
                "queued": [
                    "id": .string(queued.id), "scope": .string(queued.scope), "count": .int(queued.queuedCount),
                ]
            ])
    }
}
