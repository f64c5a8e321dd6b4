import EventLog
import GraphQLCore
import Scheduling
import StoreCore
import Transport

extension Environment {
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
    /// (``Handle/serverErrors``); errors without data fail the fetch. A response the store refuses
    /// fails the fetch and leaves the store as it was.
    func execute(_ request: FetchRequest) async -> FetchResult {
        let response: GraphQLResponse
        do {
            response = try await transport.response(for: GraphQLRequest(request.operation))
        } catch let error as TransportError {
            return .failed(FetchError(.transport, "the transport failed (\(error.code))", underlying: error))
        } catch {
            return .failed(FetchError(.transport, "the transport failed (\(type(of: error)))", underlying: error))
        }
        guard let data = response.data, !data.isNull else {
            return .failed(
                FetchError(
                    .graphQLErrors, "the server answered with \(response.errors.count) errors and no data",
                    serverErrors: response.errors))
        }
        let context = PublishContext(root: request.operation.identity)
        let published: Result<Set<DataID>, StoreError> = PublishContext.$current.withValue(context) {
            do throws(StoreError) {
                return .success(try store.publish(data, to: request.storeRoot))
            } catch {
                return .failure(error)
            }
        }
        switch published {
        case .success(let changed):
            log.record(
                .published(
                    recordsChanged: changed.count, subscriptionsNotified: context.notified.load(ordering: .relaxed)))
            return .published(recordsChanged: changed.count, serverErrors: response.errors)
        case .failure(let error):
            if error.code == .missingField {
                return .failed(
                    MissingDataError(
                        .notInResponse, operationName: request.operation.name,
                        message: "the store refused the response: \(error)",
                        underlying: error))
            }
            return .failed(
                FetchError(.invalidResponse, "the store refused the response (\(error.code))", underlying: error))
        }
    }

    /// Records how fetch `request` ended: finishes it in the registry, tells the root's handles,
    /// suppresses the root's heal when its own answer left it missing data, and wakes who awaits it.
    /// A root nobody holds any more gets nothing after its publish.
    func complete(_ request: FetchRequest, _ result: FetchResult) {
        let now = clock.now()
        var effects = Effects()
        state.withLock { state in
            let outcome: FetchOutcome
            switch result {
            case .published: outcome = .succeeded(at: now)
            case .failed(let error): outcome = .failed(at: now, kind: FetchResult.failureKind(error))
            }
            guard case .completed(let completion) = state.registry.finish(request.id, outcome: outcome) else { return }
            let active = state.fetches.removeValue(forKey: request.id)
            let duration = active.map { ContinuousClock.now - $0.startedAt } ?? .zero
            let root = completion.root
            // The subscription's snapshot is the store's latest: a delivery may still be on its way.
            let snapshot = state.roots[root]?.subscription?.snapshot
            switch result {
            case .published(_, let serverErrors):
                state.updateHandles(of: root, into: &effects) { handle in
                    if let snapshot { handle.snapshot = snapshot }
                    guard handle.policy.allowsNetwork else { return }
                    handle.fetch = .succeeded(at: now)
                    handle.showsStoreData = true
                    handle.serverErrors = serverErrors
                }
                effects.events.append(
                    EventMapping.fetchSucceeded(request.operation, reason: request.reason, duration: duration))
            case .failed(let error):
                state.updateHandles(of: root, into: &effects) { handle in
                    if let snapshot { handle.snapshot = snapshot }
                    guard handle.policy.allowsNetwork else { return }
                    handle.fetch = .failed(error)
                    handle.failureCount += 1
                }
                effects.events.append(
                    EventMapping.fetchFailed(
                        request.operation, reason: request.reason, duration: duration, error: error))
            }
            if state.retentions.isRetained(root) {
                state.suppression.ownFetchCompleted(root, isMissingData: snapshot?.isMissingData ?? true)
            }
            effects.waiters += active?.waiters ?? []
        }
        perform(effects)
    }
}
