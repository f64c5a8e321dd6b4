import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransport: BatchSendingTransport {
    /// Sends `requests` as one POST of a JSON array and reads the JSON array of responses the server
    /// answers; see ``BatchSendingTransport/responses(forBatch:)``.
    ///
    /// Each request goes with its text, or with its ID alone in ``PersistedOperationMode/idOnly`` (an
    /// ID the server does not know comes back as that request's response with `PersistedQueryNotFound`
    /// in its errors); the automatic persisted-query exchange, whose retries are per request, does not
    /// apply to a batch.
    public func responses(forBatch requests: [GraphQLRequest]) async throws(TransportError) -> [GraphQLResponse] {
        let urlRequest = HTTPRequestEncoder.encodeBatch(
            requests, url: url, headers: try await resolvedHeaders(), mode: options.persistedOperations,
            timeout: options.timeout.timeInterval)
        let body: Data
        let http: HTTPURLResponse
        do {
            (body, http) = try await exchange(urlRequest)
        } catch {
            throw Task.isCancelled ? TransportError(.cancelled, "the batch was cancelled") : error
        }
        return try HTTPResponseDecoder.decodeBatch(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: body,
            expectedLength: http.expectedContentLength)
    }
}
