import EventLog
import Foundation
import GraphQLCore
import StoreCore
import Transport

extension Environment {
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
    @discardableResult
    public func commit(
        _ mutation: GraphQLOperation, optimisticResponse: JSONValue? = nil,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> GraphQLResponse {
        let root = StoreRoot(operation: mutation)
        var layer: String?
        // JSON `null` is no optimistic response, not data: `flag ? response : nil` passes the JSON
        // literal (JSONValue is ExpressibleByNilLiteral), and null data could only be refused.
        if let optimisticResponse, !optimisticResponse.isNull {
            let filled = try OptimisticTypenames.filled(
                optimisticResponse, selectionSet: root.selectionSet, variables: root.variables)
            let name = "mutation-" + UUID().uuidString
            try store.applyOptimistic(name, filled, to: root)
            layer = name
        }
        let requestedAt = store.requestInstant()
        log.record(EventMapping.fetchStarted(mutation, as: .mutation))
        if !mutation.uploads.isEmpty { log.record(EventMapping.uploadStarted(mutation)) }
        let startedAt = ContinuousClock.now
        /// Rolls back the optimistic layer and logs how the mutation failed.
        func failed(_ error: any Error) -> any Error {
            if let layer { store.removeOptimistic(layer) }
            log.record(
                EventMapping.fetchFailed(
                    mutation, as: .mutation, duration: ContinuousClock.now - startedAt, error: error))
            return error
        }
        let response: GraphQLResponse
        do {
            response = try await transport.response(for: GraphQLRequest(mutation))
        } catch {
            throw failed(Self.transportFailure(error))
        }
        guard response.hasData else { throw failed(Self.errorsWithoutData(response, answering: "the mutation")) }
        let report: PublishReport
        do {
            report = try answer(
                response, of: mutation, to: root, requestedAt: requestedAt, removingLayer: layer,
                updater: updater)
        } catch {
            throw failed(error)
        }
        log.record(
            .published(
                recordsChanged: report.changedRecords.count, subscriptionsNotified: report.notifiedSubscriptions))
        log.record(EventMapping.fetchSucceeded(mutation, as: .mutation, duration: ContinuousClock.now - startedAt))
        return response
    }
}
