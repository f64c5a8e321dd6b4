import GraphQLCore
import Primitives
@_spi(Runtime) import StoreCore
@_spi(Runtime) import Transport

/// A mutation's updater: changes its response cannot express (an edge added to a list), staged in
/// the transaction that writes the response.
typealias MutationUpdater = @Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void

extension GraphQLEnvironment {
    /// The one answer path: a response with data becomes a ``PublishReport``, or the typed error
    /// that refuses it, in one place for every request kind (a query's fetch, a page, a mutation, a
    /// subscription's event).
    ///
    /// The data is written from the answer's text when the transport kept it (an `HTTPTransport`
    /// answer in one piece): no tree of it is built, so the peak of the write is the text, the store
    /// and the normalized batch (decision 0140's amendment on the runtime). It is written with
    /// `requestedAt`, so it is as old as the request (decision 0130).
    ///
    /// A mutation's answer also removes its optimistic `layer` and runs its `updater`: the layer
    /// goes and the response comes in one notification, and the response and the updater's writes
    /// are one transaction (`Store.update(_:)`), so a refusal or a throw leaves only the layer's
    /// removal.
    ///
    /// A query's answer names the store subscription of the root it answers (`subscription`): the
    /// root's new snapshot comes back in the report (`PublishReport.snapshot`) rather than through
    /// the subscription's callback, so that the fetch's completion shows it.
    ///
    /// Throws ``MissingDataError`` (`notInResponse`) when the data lacks a selected field, and
    /// ``FetchError`` (`invalidResponse`) for any other refusal or an updater that throws; the store
    /// is left as it was.
    func answer(
        _ response: GraphQLResponse, of operation: GraphQLOperation, to root: StoreRoot, requestedAt: WallInstant,
        reporting subscription: StoreSubscription? = nil, removingLayer layer: String? = nil,
        updater: MutationUpdater? = nil
    ) throws -> PublishReport {
        guard layer != nil || updater != nil else {
            do throws(StoreError) {
                // Field errors are kept where their paths reach a null (decision 0200); an answer
                // without errors hands none, at no cost.
                let fieldErrors = response.errors.isEmpty ? [] : response.errors.map(Self.fieldError)
                // The text with the tape its check built, else (a body too large for a tape) the text.
                if let text = response.checkedDataJSON {
                    return try store.publish(
                        dataJSON: text, to: root, requestedAt: requestedAt, fieldErrors: fieldErrors,
                        reporting: subscription)
                }
                if let text = response.dataJSON {
                    return try store.publish(
                        dataJSON: text, to: root, requestedAt: requestedAt, fieldErrors: fieldErrors,
                        reporting: subscription)
                }
                return try store.publish(
                    response.data ?? .null, to: root, requestedAt: requestedAt, fieldErrors: fieldErrors,
                    reporting: subscription)
            } catch {
                throw Self.refusal(error, of: operation)
            }
        }
        let data = response.data ?? .null
        do {
            var stored: Set<Int> = []
            let (changed, notified) = try store.batchReportingNotifications { () throws -> Set<DataID> in
                if let layer { store.removeOptimistic(layer) }
                return try store.update(requestedAt: requestedAt) { transaction in
                    // The answer's field errors are kept as a query's are (decision 0200).
                    if response.errors.isEmpty {
                        try transaction.publish(data, to: root)
                    } else {
                        stored = try transaction.publish(
                            data, to: root, fieldErrors: response.errors.map(Self.fieldError))
                    }
                    try updater?(&transaction, data)
                }
            }
            var report = PublishReport(changedRecords: changed, notifiedSubscriptions: notified)
            report.storedFieldErrors = stored
            return report
        } catch let error as StoreError {
            throw Self.refusal(error, of: operation)
        } catch {
            throw FetchError(.invalidResponse, "the mutation's updater threw (\(type(of: error)))", underlying: error)
        }
    }

    /// A server's error as the store keeps it at a field.
    static func fieldError(_ error: GraphQLServerError) -> FieldError {
        FieldError(message: error.message, path: error.path, extensions: error.extensions)
    }

    /// The errors of `response` the store did not keep at a field (`PublishReport.storedFieldErrors`):
    /// request errors without a path, and those whose path met no `null`.
    static func unstoredErrors(of response: GraphQLResponse, report: PublishReport) -> [GraphQLServerError] {
        guard !report.storedFieldErrors.isEmpty else { return response.errors }
        return response.errors.indices.filter { !report.storedFieldErrors.contains($0) }.map { response.errors[$0] }
    }

    /// The typed error of a response the store refused: a missing field is missing data; anything
    /// else does not fit the selection.
    static func refusal(_ error: StoreError, of operation: GraphQLOperation) -> any Error {
        if error.code == .missingField {
            return MissingDataError(
                .notInResponse, operationName: operation.name, message: "the store refused the response: \(error)",
                underlying: error)
        }
        return FetchError(.invalidResponse, "the store refused the response (\(error.code))", underlying: error)
    }

    /// The failure of an answer with errors and no data: the errors are kept on the error, so that
    /// whoever shows it can show them.
    static func errorsWithoutData(_ response: GraphQLResponse, answering what: String) -> FetchError {
        FetchError(
            .graphQLErrors, "the server answered \(what) with \(response.errors.count) errors and no data",
            serverErrors: response.errors)
    }

    /// The failure of a request the transport could not answer.
    static func transportFailure(_ error: any Error) -> FetchError {
        if let error = error as? TransportError {
            return FetchError(.transport, "the transport failed (\(error.code))", underlying: error)
        }
        return FetchError(.transport, "the transport failed (\(type(of: error)))", underlying: error)
    }
}
