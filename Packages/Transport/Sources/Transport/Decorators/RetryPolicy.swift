/// When and how soon ``RetryingTransport`` tries a request again.
///
/// Only failures to get a response are retried, never a GraphQL response with errors: the server
/// answered, and asking again would get the same answer.
public struct RetryPolicy: Sendable {
    /// The most attempts in all, the first included (1 never retries).
    public var maximumAttempts: Int
    /// The wait before the first retry; each later wait is ``multiplier`` times the one before.
    public var initialDelay: Duration
    /// How much each wait grows.
    public var multiplier: Double
    /// No wait is longer than this.
    public var maximumDelay: Duration
    /// The share of each wait that is random (0 waits exactly, 1 waits anywhere between 0 and the
    /// full wait), so that clients that failed together do not retry together.
    public var jitter: Double
    /// Whether mutations are retried. Off by default: a mutation that timed out may have run, and
    /// running it twice may do the work twice.
    public var retriesMutations: Bool
    /// Which failures are worth another attempt; by default ``isTransient(_:)``.
    public var shouldRetry: @Sendable (TransportError) -> Bool

    /// A policy with the given values; the defaults make 3 attempts, waiting about 0.5 s then 1 s.
    public init(
        maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30), jitter: Double = 0.5, retriesMutations: Bool = false,
        shouldRetry: @escaping @Sendable (TransportError) -> Bool = RetryPolicy.isTransient
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = min(1, max(0, jitter))
        self.retriesMutations = retriesMutations
        self.shouldRetry = shouldRetry
    }

    /// Failures that another attempt may not meet: no connection, a timeout, a cut-off body, and the
    /// HTTP statuses that say "later" (408, 429, 502, 503, 504).
    public static func isTransient(_ error: TransportError) -> Bool {
        switch error.code {
        case .cannotConnect, .timedOut, .truncated: return true
        case .http: return [408, 429, 502, 503, 504].contains(error.status ?? 0)
        default: return false
        }
    }

    /// The wait before retry number `retry` (1 for the first retry), given a random number in 0..<1.
    public func delay(beforeRetry retry: Int, random: Double) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, retry) {
            delay = delay * multiplier
            if delay >= maximumDelay { break }
        }
        delay = min(delay, maximumDelay)
        return delay * (1 - jitter * random)
    }
}
