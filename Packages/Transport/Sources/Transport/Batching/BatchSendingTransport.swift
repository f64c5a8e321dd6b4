/// A transport that can send several queries and mutations in one exchange: what
/// ``BatchingTransport`` needs from the transport under it. ``HTTPTransport`` sends a batch as one
/// POST of a JSON array.
public protocol BatchSendingTransport: Transport {
    /// Sends `requests` (queries and mutations, at least two) in one exchange and returns one response
    /// for each, in the same order.
    ///
    /// A request the server refused alone comes back as a response with `errors`, as from
    /// ``Transport/execute(_:)``. Throws a ``TransportError`` when the exchange fails as a whole: no
    /// answer, or an answer that is not a list of GraphQL responses.
    func responses(forBatch requests: [GraphQLRequest]) async throws(TransportError) -> [GraphQLResponse]
}
