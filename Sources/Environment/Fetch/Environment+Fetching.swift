import EventLog
import GraphQLCore
@_spi(Runtime) import Scheduling
import StoreCore
import Transport

extension GraphQLEnvironment {
    /// Sends one request in its own task, writes its response, and records how it ended.
    func send(_ request: FetchRequest) {
        Task { [self] in
            let result = await execute(request)
            complete(request, result)
        }
    }

    /// One request through the transport, and its data into the store.
    ///
    /// GraphQL `errors` with data: the data is written and the errors are kept on the handles
    /// (``Handle/serverErrors``); errors without data fail the fetch, and are kept on the handles
    /// as well. A response the store refuses fails the fetch and leaves the store as it was. The
    /// data is written with the request's instant, so it is as old as the request (decision 0130).
    ///
    /// An incremental answer (`@defer`, `@stream`) is still one request: each part is folded into
    /// the answer so far and the whole is written again (each write atomic, so the store never holds
    /// half a part), and the handles show each part while the fetch stays in flight. A part that
    /// fails (the transport, a part that does not fit, a write the store refuses) fails the fetch
    /// and leaves what the earlier parts wrote (decision 0163).
    func execute(_ request: FetchRequest) async -> FetchResult {
        var parts = transport.execute(GraphQLRequest(request.sent)).makeAsyncIterator()
        var answer: GraphQLResponse
        do {
            guard let first = try await parts.next() else { throw Self.endedWithoutResponse() }
            answer = first
        } catch {
            return .failed(Self.transportFailure(error))
        }
        guard answer.hasData else { return .failed(Self.errorsWithoutData(answer, answering: "the query")) }
        // The root's snapshot from this write comes back in the write's report, not through the
        // root's store subscription: the completion shows it, updating each handle once, and the
        // root is not healed by its own answer.
        let subscription = state.withLock { $0.roots[request.operation.identity]?.subscription }
        var recordsChanged = 0
        var unstoredErrors: [GraphQLServerError] = []
        var snapshot: Snapshot?
        while true {
            if let failure = publish(
                answer, for: request, reporting: subscription, recordsChanged: &recordsChanged,
                unstoredErrors: &unstoredErrors, snapshot: &snapshot)
            {
                return .failed(failure)
            }
            guard answer.hasNext else { break }
            if let part = snapshot {
                showPart(of: request, part, serverErrors: unstoredErrors)
                snapshot = nil
            }
            do {
                guard let part = try await parts.next() else {
                    throw TransportError(.truncated, "the incremental answer ended before its last part")
                }
                try answer.apply(part)
            } catch {
                return .failed(Self.transportFailure(error))
            }
        }
        return .published(recordsChanged: recordsChanged, serverErrors: unstoredErrors, snapshot: snapshot)
    }

    /// Writes the answer so far through the one answer path; returns the failure when the store
    /// refuses it. `unstoredErrors` becomes the answer's errors the store did not keep at a field:
    /// what the handles show as ``Handle/serverErrors``. `snapshot` becomes the root's snapshot the
    /// write reported for `subscription` (the root's), when it changed what the root reads.
    private func publish(
        _ answer: GraphQLResponse, for request: FetchRequest, reporting subscription: StoreSubscription?,
        recordsChanged: inout Int, unstoredErrors: inout [GraphQLServerError], snapshot: inout Snapshot?
    ) -> (any Error)? {
        var report: PublishReport
        let hint = ServerCacheHint(answer)
        let root = request.operation.identity
        let layer = ServerCacheHint.layer(of: root)
        let showedNoStore = state.withLock { $0.roots[root]?.showsNoStoreAnswer ?? false }
        do {
            if hint?.noStore == true {
                // Shown through a layer in memory, so that it never reaches the record source (a
                // file); the layer goes with the root or with a later answer that may be kept.
                let (_, shown) = try store.batch(reporting: subscription) {
                    try store.applyOptimistic(layer, answer.data ?? .null, to: request.storeRoot)
                }
                report = PublishReport(changedRecords: [], notifiedSubscriptions: 0)
                report.snapshot = shown
            } else if showedNoStore {
                let shown: Snapshot?
                (report, shown) = try store.batch(reporting: subscription) {
                    store.removeOptimistic(layer)
                    return try self.answer(
                        answer, of: request.operation, to: request.storeRoot, requestedAt: request.requestedAt)
                }
                report.snapshot = shown
            } else {
                report = try self.answer(
                    answer, of: request.operation, to: request.storeRoot, requestedAt: request.requestedAt,
                    reporting: subscription)
            }
        } catch let error as StoreError {
            return Self.refusal(error, of: request.operation)
        } catch {
            return error
        }
        let defaultExpiration = configuration.defaultExpiration
        state.withLock { state in
            state.roots[root]?.showsNoStoreAnswer = hint?.noStore == true
            state.noteServerMaxAge(hint?.maxAge, of: root, default: defaultExpiration)
        }
        store.keepServerMaxAge(hint?.maxAge, forRoot: root.hash)
        recordsChanged += report.changedRecords.count
        if let shown = report.snapshot { snapshot = shown }
        unstoredErrors = Self.unstoredErrors(of: answer, report: report)
        log.record(
            .published(
                recordsChanged: report.changedRecords.count, subscriptionsNotified: report.notifiedSubscriptions))
        if !report.storedFieldErrors.isEmpty {
            log.record(
                EventMapping.fieldErrorsStored(
                    request.operation, as: EventMapping.reason(request.reason), count: report.storedFieldErrors.count))
        }
        return nil
    }

    /// A part of an incremental answer is written and more follow: each handle of the root shows
    /// `snapshot`, the one the write reported, unless it already shows a newer one, and its fetch
    /// stays in flight.
    private func showPart(of request: FetchRequest, _ snapshot: Snapshot, serverErrors: [GraphQLServerError]) {
        var effects = Effects()
        state.withLock { state in
            let root = request.operation.identity
            guard state.roots[root]?.take(snapshot) == true else { return }
            let readings = state.roots[root]?.readingSnapshots(in: store) ?? []
            state.updateHandles(of: root, into: &effects) { handle in
                handle.show(snapshot, readings: readings)
                guard handle.policy.allowsNetwork else { return }
                handle.showsStoreData = true
                handle.serverErrors = serverErrors
            }
        }
        perform(effects)
    }

    private static func endedWithoutResponse() -> TransportError {
        if Task.isCancelled { return TransportError(.cancelled, "the request was cancelled") }
        return TransportError(.invalidResponse, "the transport finished without a response")
    }

    /// Records how fetch `request` ended: finishes it in the registry (which starts the root's
    /// follow-up when its answer was requested before an invalidation, and says whom to resume),
    /// updates each of the root's handles once (the snapshot its write reported unless they show a
    /// newer one, the fetch, the server's errors), suppresses the root's heal when its own answer
    /// left it missing data, and wakes who awaits it. A root nobody holds any more gets nothing after
    /// its publish.
    func complete(_ request: FetchRequest, _ result: FetchResult) {
        let now = clock.now()
        var effects = Effects()
        state.withLock { state in
            let root = request.operation.identity
            var delivered: Snapshot?
            if case .published(_, _, let snapshot?) = result, state.roots[root]?.take(snapshot) == true {
                delivered = snapshot
            }
            let outcome: FetchOutcome
            switch result {
            case .published:
                outcome = .succeeded(at: now)
                state.roots[root]?.lastError = nil
            case .failed(let error):
                outcome = .failed(at: now, kind: FetchResult.failureKind(error))
                state.roots[root]?.lastError = error
            }
            let followUp: Scheduling.FetchReason? = needsFollowUp(request, result, in: state) ? .invalidation : nil
            guard
                case .completed(let completion, let resume) = state.registry.finish(
                    request.id, outcome: outcome, followUp: followUp)
            else { return }
            let duration = ContinuousClock.now - request.startedAt
            state.roots[root]?.lastFetch = LastFetch(
                reason: request.reason, outcome: outcome, duration: duration, endedAt: now)
            switch result {
            case .published:
                effects.events.append(
                    EventMapping.fetchSucceeded(request.operation, reason: request.reason, duration: duration))
            case .failed(let error):
                effects.events.append(
                    EventMapping.fetchFailed(
                        request.operation, reason: request.reason, duration: duration, error: error))
            }
            if let next = completion.followUp, let entry = state.roots[root] {
                state.started(
                    next, of: root, entry, reason: .invalidation, store: store, updatesHandles: false, into: &effects)
            }
            let fetch = state.fetchState(of: root)
            let readings = delivered == nil ? [] : state.roots[root]?.readingSnapshots(in: store) ?? []
            state.updateHandles(of: root, into: &effects) { handle in
                if let delivered { handle.show(delivered, readings: readings) }
                guard handle.policy.allowsNetwork else { return }
                handle.fetch = fetch
                switch result {
                case .published(_, let serverErrors, _):
                    handle.showsStoreData = true
                    handle.serverErrors = serverErrors
                case .failed(let error):
                    handle.failureCount += 1
                    // One place to look: an errors-only answer's errors are the handle's too.
                    if let error = error as? FetchError, error.code == .graphQLErrors {
                        handle.serverErrors = error.serverErrors
                    }
                }
            }
            if state.retentions.isRetained(root) {
                state.suppression.ownFetchCompleted(
                    root, isMissingData: state.roots[root]?.snapshot?.isMissingData ?? true)
            }
            let end: FetchState =
                switch result {
                case .published: .succeeded(at: now)
                case .failed(let error): .failed(error)
                }
            effects.waiters += resume.map { ($0, end) }
        }
        perform(effects)
    }

    /// Whether an answer needs one follow-up fetch: it was requested at or before the store's
    /// invalidation point, so it is written stale, and every retained root a holder fetches for
    /// must end up with data requested after the invalidation (decision 0130).
    private func needsFollowUp(_ request: FetchRequest, _ result: FetchResult, in state: RuntimeState) -> Bool {
        guard case .published = result, let point = store.invalidationPoint, request.requestedAt <= point else {
            return false
        }
        let root = request.operation.identity
        return state.roots[root] != nil && state.retentions.isRetained(root)
            && state.retentions.anyHolderAllowsNetwork(root)
    }
}
