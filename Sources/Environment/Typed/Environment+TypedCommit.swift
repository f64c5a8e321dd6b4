import GraphQLCore
import StoreCore

extension GraphQLEnvironment {
    /// Sends `mutation` as ``commit(_:optimisticResponse:updater:)-(GraphQLOperation,_,_)`` does, and returns the answer's
    /// data decoded into `type` once it is written.
    ///
    /// Throws what the untyped `commit` throws, ``NullValueError`` for a `null` where `type` has no
    /// optional and no `@catch` takes it, and ``HandleError`` with code
    /// ``HandleError/Code/dataMismatch`` when the data was written but does not decode into `type`.
    @discardableResult
    public func commit<Data: Decodable & Sendable>(
        _ mutation: GraphQLOperation, as type: Data.Type, optimisticResponse: JSONValue? = nil,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> Data {
        let response = try await commit(mutation, optimisticResponse: optimisticResponse, updater: updater)
        // `commit` returns only an answer with data.
        let data = response.data ?? .null
        // The answer's errors at a path go to the generated `@catch` properties, as a query's do.
        let fieldErrors = response.errors.filter { !$0.path.isEmpty }.map(Self.fieldError)
        return try TypedDecoding.decode(
            Data.self, from: data, fieldErrors: fieldErrors, operationName: mutation.name
        ) { "the mutation's data was written and does not decode into \(Data.self): \($0)" }
    }
}
