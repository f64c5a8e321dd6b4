import Foundation

extension HTTPTransport {
    /// How an ``HTTPTransport`` sends its requests. The defaults speak plain GraphQL over HTTP:
    /// POST with a JSON body, no extra headers, a 60-second timeout.
    public struct Options: Sendable {
        /// Headers sent with every request. A request's own headers override these by name.
        public var headers: [String: String]
        /// Called before every request for headers that change (an access token that refreshes).
        /// Its headers override ``headers``; a request's own headers override both. When it throws,
        /// the request fails with ``TransportError/Code/invalidRequest`` and is not sent.
        public var headerProvider: (@Sendable () async throws -> [String: String])?
        /// The longest the transport waits for the server to send anything: the connection, the
        /// response head, the next bytes of a body. For a subscription it bounds the wait for the
        /// response head only; after that the stream stays open as long as the server keeps it.
        /// A pooled connection the server reset costs no wait (it is retried on a new connection, or
        /// fails at once as `truncated`); only a peer gone silent waits for all of it.
        public var timeout: Duration
        /// Sends queries as GET with the request in the URL (cacheable by HTTP caches). Mutations
        /// and subscriptions are always POST.
        public var usesGETForQueries: Bool
        /// Sends the SHA-256 of the text first and the text only when the server answers
        /// `PersistedQueryNotFound` (automatic persisted queries, Apollo's protocol): whether
        /// ``persistedOperations`` is ``PersistedOperationMode/automatic``. Setting it `false` turns
        /// persisted operations off.
        public var usesAutomaticPersistedQueries: Bool {
            get { persistedOperations == .automatic }
            set { persistedOperations = newValue ? .automatic : .off }
        }
        /// Whether requests carry the SHA-256 of their text: not at all, with the automatic fallback to
        /// the text, or alone for a server that safelists the operations of a registered manifest.
        public var persistedOperations: PersistedOperationMode = .off

        /// Options with the given values; every parameter has the plain-HTTP default.
        public init(
            headers: [String: String] = [:], headerProvider: (@Sendable () async throws -> [String: String])? = nil,
            timeout: Duration = .seconds(60), usesGETForQueries: Bool = false,
            usesAutomaticPersistedQueries: Bool = false
        ) {
            self.headers = headers
            self.headerProvider = headerProvider
            self.timeout = timeout
            self.usesGETForQueries = usesGETForQueries
            self.persistedOperations = usesAutomaticPersistedQueries ? .automatic : .off
        }
    }
}

extension Duration {
    /// The duration in seconds, for `URLRequest.timeoutInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
