/// The bounds of the server: how big a request may be, how long a client may take, how many
/// connections and event streams may be open at once.
public struct ServerLimits: Sendable, Hashable {
    /// The most bytes a request's head (request line and headers) may have; more is a 431.
    public var maxHeadBytes: Int
    /// The longest request line (method, target, version); longer is a 431 too (the target is in it).
    public var maxRequestLineBytes: Int
    /// How long a client may take to send its whole request head; slower is closed (408).
    public var requestTimeout: Duration
    /// How long an event stream may go without a byte before a comment line is sent to keep it
    /// open, and to find a client that went away.
    public var keepAliveInterval: Duration
    /// The most connections served at once; more are answered 503.
    public var maxConnections: Int
    /// The most event streams open at once (each holds a connection); more are answered 503.
    public var maxEventStreams: Int
    /// The most events an event stream keeps for a slow reader; older ones are dropped first.
    public var eventStreamBuffer: Int

    /// The limits; the defaults fit a debug page on the loopback interface.
    public init(
        maxHeadBytes: Int = 8 * 1024, maxRequestLineBytes: Int = 2 * 1024, requestTimeout: Duration = .seconds(5),
        keepAliveInterval: Duration = .seconds(15), maxConnections: Int = 16, maxEventStreams: Int = 4,
        eventStreamBuffer: Int = 1024
    ) {
        self.maxHeadBytes = maxHeadBytes
        self.maxRequestLineBytes = maxRequestLineBytes
        self.requestTimeout = requestTimeout
        self.keepAliveInterval = keepAliveInterval
        self.maxConnections = maxConnections
        self.maxEventStreams = maxEventStreams
        self.eventStreamBuffer = eventStreamBuffer
    }
}
