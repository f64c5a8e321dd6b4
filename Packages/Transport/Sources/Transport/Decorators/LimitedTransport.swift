/// A transport that sends its base's queries and mutations only when a ``ConcurrencyLimit`` has a
/// permit, and holds the permit until the response has arrived.
///
/// Subscriptions pass straight through: a stream stays open for as long as the screen that reads it,
/// and holding a permit that long would starve every query behind it.
public struct LimitedTransport: Transport {
    /// The transport that sends the requests.
    public let base: any Transport
    /// The limit this transport shares with whoever else holds it.
    public let limit: ConcurrencyLimit

    /// `base`, limited by `limit`.
    public init(_ base: any Transport, limit: ConcurrencyLimit) {
        self.base = base
        self.limit = limit
    }

    /// Waits for a permit, then sends `request` through the base; see ``Transport/execute(_:)``.
    /// A request cancelled while it waits ends with ``TransportError/Code/cancelled`` and never reaches the base.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        if request.kind == .subscription { return base.execute(request) }
        let base = self.base
        let limit = self.limit
        let once = OneResponse()
        // Runs in the consumer's task (no task of its own to schedule), so the consumer's cancellation
        // reaches both the wait for a permit and the base's request directly.
        return AsyncThrowingStream {
            guard once.take() else { return nil }
            do {
                try await limit.acquire()
            } catch {
                throw TransportError(.cancelled, "cancelled while waiting for a permit")
            }
            defer { limit.release() }
            // A query or a mutation has one response: the permit goes back as soon as it has arrived.
            for try await response in base.execute(request) {
                return response
            }
            return nil
        }
    }
}
