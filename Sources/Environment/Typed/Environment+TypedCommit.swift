import GraphQLCore
import StoreCore

extension GraphQLEnvironment {
    /// Sends `mutation` as ``commit(_:optimisticResponse:updater:)-(GraphQLOperation,_,_)`` does, and returns the answer's
    /// data decoded into `type` once it is written.
    ///
    /// Throws what the untyped `commit` throws, and ``HandleError`` with code
    /// ``HandleError/Code/dataMismatch`` when the data was written but does not decode into `type`.
    @discardableResult
    public func commit<Data: Decodable & Sendable>(
        _ mutation: GraphQLOperation, as type: Data.Type, optimisticResponse: JSONValue? = nil,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> Data {
        let response = try await commit(mutation, optimisticResponse: optimisticResponse, updater: updater)
        // `commit` returns only an answer with data.
        let data = response.data ?? .null
        do {
            return try JSONValueDecoder().decode(Data.self, from: data)
        } catch {
            throw HandleError(
                .dataMismatch, operationName: mutation.name,
                message:
                    "the mutation's data was written and does not decode into \(Data.self): \(DecodingFailure.describe(error))"
            )
        }
    }
}
