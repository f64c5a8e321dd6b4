import GraphQLCore

extension Transport {
    /// Sends `operation` with its variables; see ``Transport/execute(_:)``.
    public func execute(
        _ operation: GraphQLOperation, extensions: JSONObject = [:], headers: [String: String] = [:]
    ) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        execute(GraphQLRequest(operation, extensions: extensions, headers: headers))
    }

    /// Sends a query or a mutation and returns its one response.
    ///
    /// Throws what the sequence throws; a sequence that ends without a response throws
    /// ``TransportError/Code/cancelled`` when the task was cancelled, else
    /// ``TransportError/Code/invalidResponse``.
    public func response(for request: GraphQLRequest) async throws -> GraphQLResponse {
        for try await response in execute(request) {
            return response
        }
        if Task.isCancelled { throw TransportError(.cancelled, "the request was cancelled") }
        throw TransportError(.invalidResponse, "the transport finished without a response")
    }

    /// Sends `operation` (a query or a mutation) and returns its one response; see ``response(for:)``.
    public func response(
        for operation: GraphQLOperation, extensions: JSONObject = [:], headers: [String: String] = [:]
    ) async throws -> GraphQLResponse {
        try await response(for: GraphQLRequest(operation, extensions: extensions, headers: headers))
    }
}
