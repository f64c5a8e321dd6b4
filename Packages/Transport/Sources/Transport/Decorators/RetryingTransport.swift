/// A transport that tries a request again after a transient failure, waiting longer each time
/// (exponential backoff with jitter).
///
/// No transport retries unless it is wrapped in this. Only thrown ``TransportError``s that the
/// ``RetryPolicy`` accepts are retried; GraphQL responses with errors are delivered as they are, a
/// cancelled request is never retried, and a subscription is retried only before its first
/// response (a stream that broke after delivering events is the caller's to restart).
public struct RetryingTransport: Transport {
    /// The transport that sends each attempt.
    public let base: any Transport
    /// When and how soon to try again.
    public let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let random: @Sendable () -> Double

    /// `base`, retried per `policy`. `sleep` waits between attempts and `random` gives numbers in
    /// 0..<1 for the jitter; tests inject both so that they neither wait nor guess.
    public init(
        _ base: any Transport, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.base = base
        self.policy = policy
        self.sleep = sleep
        self.random = random
    }

    /// Sends `request`, again after each retryable failure; see ``Transport/execute(_:)``.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        let task = Task { [base, policy, sleep, random] in
            var attempt = 1
            while true {
                var delivered = false
                do {
                    for try await response in base.execute(request) {
                        delivered = true
                        continuation.yield(response)
                    }
                    continuation.finish()
                    return
                } catch {
                    guard !delivered, !Task.isCancelled, attempt < policy.maximumAttempts,
                        request.kind != .mutation || policy.retriesMutations,
                        let failure = error as? TransportError, failure.code != .cancelled, policy.shouldRetry(failure)
                    else {
                        continuation.finish(throwing: error)
                        return
                    }
                }
                do {
                    try await sleep(policy.delay(beforeRetry: attempt, random: random()))
                } catch {
                    continuation.finish(throwing: TransportError(.cancelled, "cancelled while waiting to retry"))
                    return
                }
                attempt += 1
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
