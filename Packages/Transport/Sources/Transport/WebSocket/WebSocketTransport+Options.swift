import GraphQLCore

extension WebSocketTransport {
    /// Which WebSocket implementation carries the protocol.
    public enum Client: Sendable, Hashable {
        /// `URLSessionWebSocketTask` on Apple platforms; on Linux the built-in client for `ws://` and
        /// `URLSessionWebSocketTask` for `wss://` (which needs a libcurl built with WebSocket support).
        case automatic
        /// `URLSessionWebSocketTask` on a session with the default configuration.
        case urlSession
        /// The built-in RFC 6455 client over a BSD socket; `ws://` only.
        case builtIn
    }

    /// How a ``WebSocketTransport`` speaks `graphql-transport-ws`. The defaults follow the `graphql-ws`
    /// library's client: the socket opens lazily and closes as soon as the last operation ends.
    public struct Options: Sendable {
        /// The payload of `connection_init` (credentials, typically), asked for before every
        /// connection so that a refreshed token is used after a reconnect. `nil` sends none. When it
        /// throws, every waiting operation fails with ``TransportError/Code/invalidRequest``.
        public var connectionPayload: (@Sendable () async throws -> JSONObject?)?
        /// Headers on the WebSocket handshake request.
        public var headers: [String: String]
        /// The longest wait for `connection_ack` after `connection_init`; then the socket closes with
        /// 4408 and the transport reconnects (as for a dropped connection).
        public var acknowledgementTimeout: Duration
        /// How long the socket stays open after its last operation ended, so that a screen that
        /// subscribes again at once reuses it. Zero closes at once.
        public var linger: Duration
        /// The interval of keep-alive pings while the socket is acknowledged; `nil` sends none (the
        /// server pings, or the connection needs none).
        public var pingInterval: Duration?
        /// When and how soon to reconnect after the socket closed for a transient reason while
        /// operations ran: ``RetryPolicy/maximumAttempts`` connections in all, then each operation
        /// fails with the last error. ``RetryPolicy/shouldRetry`` is not consulted (the close code decides).
        public var reconnect: RetryPolicy
        /// How long an acknowledged connection must last before the reconnect attempts start over.
        public var stableAfter: Duration
        /// Which WebSocket implementation to use.
        public var client: Client

        /// Options with the given values.
        public init(
            connectionPayload: (@Sendable () async throws -> JSONObject?)? = nil, headers: [String: String] = [:],
            acknowledgementTimeout: Duration = .seconds(10), linger: Duration = .zero, pingInterval: Duration? = nil,
            reconnect: RetryPolicy = RetryPolicy(
                maximumAttempts: 6, initialDelay: .seconds(1), maximumDelay: .seconds(30)),
            stableAfter: Duration = .seconds(30), client: Client = .automatic
        ) {
            self.connectionPayload = connectionPayload
            self.headers = headers
            self.acknowledgementTimeout = acknowledgementTimeout
            self.linger = linger
            self.pingInterval = pingInterval
            self.reconnect = reconnect
            self.stableAfter = stableAfter
            self.client = client
        }
    }
}
