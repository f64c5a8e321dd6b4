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
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        let task = Task {
            do {
                try await limit.acquire()
            } catch {
                continuation.finish(throwing: TransportError(.cancelled, "cancelled while waiting for a permit"))
                return
            }
            defer { limit.release() }
            do {
                for try await response in base.execute(request) {
                    continuation.yield(response)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
