import EventLog
import Foundation
import GraphQLCore
import StoreCore
import Transport

extension GraphQLEnvironment {
    /// Sends `mutation` and writes its response into the store.
    ///
    /// With an `optimisticResponse` (`nil` and JSON `null` both mean none), that data is written at once as an optimistic layer of its own,
    /// so every handle shows it. When the server answers, the layer is removed and the response is
    /// written in one batch, so handles go from the optimistic data straight to the server's. When
    /// the request fails, only that layer is removed. Other layers stay exactly as they were, even
    /// when several mutations overlap. `updater` is for changes the response cannot express (adding
    /// an item to a list): it receives a `StoreTransaction` in which the response is already
    /// staged, reads the store through it as it will be, and stages its own writes there.
    ///
    /// The response and the updater's writes are applied together or not at all
    /// (`Store.update(_:)`): when the updater throws, or the store refuses the response or any
    /// write the updater stages, the store is left as it was before the response arrived (the
    /// optimistic layer removed, no record or write time changed, no handle told of data that
    /// was never kept), and `commit` throws ``FetchError`` with code `invalidResponse` (or
    /// ``MissingDataError`` when the response lacks a selected field), as a query's fetch does: the
    /// response goes through the runtime's one answer path. Publishes other operations make
    /// meanwhile are kept either way.
    ///
    /// The request is logged as a fetch with reason `Event.FetchReason.mutation`: `fetchStarted`
    /// when it goes to the transport (followed by `uploadStarted`, with the count and size of its
    /// files, when it sends files: `GraphQLOperation.uploads`), then `published` and `fetchSucceeded`, or `fetchFailed` with
    /// the error's kind. An optimistic response the store refuses sends nothing and logs nothing.
    ///
    /// The optimistic response is the data the server would answer to the operation that is sent,
    /// which has `__typename` (and `id`) added where the app's document did not select them. It may
    /// leave out `__typename` where the field's type is an object type: the type is known there,
    /// and it is filled in before the response is written. Where the type is an interface or a
    /// union, only the server knows it, so the response must give it; leaving it out throws a
    /// `StoreError` (`missingField`) that says so, and nothing is written or sent. `id` is never
    /// filled in, and must be given wherever the type has one: an invented id would key a new record
    /// that no query reads, instead of showing the change on the record the screens read.
    /// (Operations compiled without a schema know no type, so nothing is filled in for them.)
    ///
    /// Throws ``FetchError`` (transport, refused data, GraphQL errors without data),
    /// ``MissingDataError`` (a response without a selected field), or the
    /// `StoreError` of an optimistic response that does not fit the selection, in which case nothing
    /// is sent.
    ///
    /// When the environment queues by default (``MutationQueueConfiguration/queuesByDefault``), a
    /// request that does not reach the server queues the mutation instead of failing, as
    /// ``commit(_:optimisticResponse:queueing:updater:)`` does, and the response returned is what
    /// screens show meanwhile: the optimistic response as `data`, and the queued mutation's `id`,
    /// `scope` and queue `count` in `extensions["queued"]`.
    @discardableResult
    public func commit(
        _ mutation: GraphQLOperation, optimisticResponse: JSONValue? = nil,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> GraphQLResponse {
        let queueing = configuration.mutationQueue.queuesByDefault ? MutationQueueing.queueable() : .never
        guard !queueing.isQueueable else {
            switch try await commit(
                mutation, optimisticResponse: optimisticResponse, queueing: queueing, updater: updater)
            {
            case .answered(let response): return response
            case .queued(let queued): return Self.queuedResponse(queued, showing: optimisticResponse)
            }
        }
        return try await commitNow(mutation, optimisticResponse: optimisticResponse, updater: updater)
    }

    /// Sends `mutation` once, with no queueing: a failure fails and rolls back.
    func commitNow(
        _ mutation: GraphQLOperation, optimisticResponse: JSONValue?, updater: MutationUpdater?
    ) async throws -> GraphQLResponse {
        let root = StoreRoot(operation: mutation)
        var layer: String?
        // JSON `null` is no optimistic response, not data: `flag ? response : nil` passes the JSON
        // literal (JSONValue is ExpressibleByNilLiteral), and null data could only be refused.
        if let filled = try Self.filledOptimisticResponse(optimisticResponse, for: root) {
            let name = "mutation-" + UUID().uuidString
            try store.applyOptimistic(name, filled, to: root)
            layer = name
        }
        switch await attempt(mutation, root: root, layer: layer, updater: updater, request: GraphQLRequest(mutation)) {
        case .answered(let response): return response
        case .failed(let error): throw error
        case .unreached(let error):
            // Not queueable: the layer the attempt kept is rolled back, as for any failure.
            if let layer { store.removeOptimistic(layer) }
            throw error
        }
    }

    /// The optimistic response with the `__typename`s the server would send filled in, or `nil`
    /// for none (`nil` or JSON `null`).
    static func filledOptimisticResponse(_ response: JSONValue?, for root: StoreRoot) throws(StoreError) -> JSONValue? {
        guard let response, !response.isNull else { return nil }
        return try OptimisticTypenames.filled(response, selectionSet: root.selectionSet, variables: root.variables)
    }

    /// How one send of a mutation ended.
    enum MutationAttempt {
        /// The server answered with data, written (the layer gone).
        case answered(GraphQLResponse)
        /// The request did not reach the server (``ServerReach``); the layer is kept.
        case unreached(FetchError)
        /// The server answered without usable data, or refused otherwise; the layer is rolled back.
        case failed(any Error)
    }

    /// Sends `request` of `mutation` once and writes its answer through the one answer path,
    /// removing `layer`; logs it as a fetch of reason `mutation`. On a failure the layer is rolled
    /// back, unless the request did not reach the server (then the caller queues or rolls back).
    func attempt(
        _ mutation: GraphQLOperation, root: StoreRoot, layer: String?, updater: MutationUpdater?,
        request: GraphQLRequest
    ) async -> MutationAttempt {
        let requestedAt = store.requestInstant()
        log.record(EventMapping.fetchStarted(mutation, as: .mutation))
        if !mutation.uploads.isEmpty { log.record(EventMapping.uploadStarted(mutation)) }
        let startedAt = ContinuousClock.now
        /// Logs how the mutation failed, rolling back its optimistic layer unless `keepingLayer`.
        func failed<Failure: Error>(_ error: Failure, keepingLayer: Bool = false) -> Failure {
            if let layer, !keepingLayer { store.removeOptimistic(layer) }
            log.record(
                EventMapping.fetchFailed(
                    mutation, as: .mutation, duration: ContinuousClock.now - startedAt, error: error))
            return error
        }
        let response: GraphQLResponse
        do {
            response = try await transport.response(for: request)
        } catch {
            let failure = Self.transportFailure(error)
            if ServerReach.isUnreached(error) { return .unreached(failed(failure, keepingLayer: true)) }
            return .failed(failed(failure))
        }
        guard response.hasData else {
            return .failed(failed(Self.errorsWithoutData(response, answering: "the mutation")))
        }
        let report: PublishReport
        do {
            report = try answer(
                response, of: mutation, to: root, requestedAt: requestedAt, removingLayer: layer,
                updater: updater)
        } catch {
            return .failed(failed(error))
        }
        log.record(
            .published(
                recordsChanged: report.changedRecords.count, subscriptionsNotified: report.notifiedSubscriptions))
        if !report.storedFieldErrors.isEmpty {
            log.record(EventMapping.fieldErrorsStored(mutation, as: .mutation, count: report.storedFieldErrors.count))
        }
        log.record(EventMapping.fetchSucceeded(mutation, as: .mutation, duration: ContinuousClock.now - startedAt))
        return .answered(response)
    }
}
