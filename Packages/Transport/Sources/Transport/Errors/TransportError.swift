/// Why a transport could not get a GraphQL response: the request never got an answer, or the answer
/// was not a GraphQL response.
///
/// GraphQL errors the server reports are not thrown; they arrive in ``GraphQLResponse/errors``.
/// One struct with an extensible ``Code`` rather than an enum (the shape of swift-nio's
/// `FileSystemError`), so a new kind of failure does not break a caller's `switch`. The ``message`` is
/// for a developer and never holds the response body; the code, status and body kind are for code
/// and for logs. No error a transport here throws holds the request's URL query, its body, a
/// variable's value or the response body (see ``underlying``).
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name; transports outside this package may add their own.
        public init(_ name: String) { self.name = name }

        /// The server answered with an HTTP status that carries no GraphQL response;
        /// ``TransportError/status`` and ``TransportError/bodyKind`` say what came.
        public static let http = Code("http")
        /// The body is not JSON text.
        public static let notJSON = Code("notJSON")
        /// The body ended before the length the server announced, an event stream ended without its
        /// `complete` event, or an incremental answer ended before its part with `hasNext: false`.
        public static let truncated = Code("truncated")
        /// The server sent nothing for longer than the transport's timeout.
        public static let timedOut = Code("timedOut")
        /// The consuming task was cancelled.
        public static let cancelled = Code("cancelled")
        /// No connection could be made to the server (refused, unreachable, unknown host, TLS failure).
        public static let cannotConnect = Code("cannotConnect")
        /// The body is JSON, but not a GraphQL response (no `data` or `errors`, or entries of the wrong type).
        public static let invalidResponse = Code("invalidResponse")
        /// The request could not be sent as asked: a GET for a mutation, variables that do not encode,
        /// or the header provider threw.
        public static let invalidRequest = Code("invalidRequest")

        /// A `multipart/mixed` answer (incremental delivery) breaks its framing: no boundary in its
        /// `Content-Type`, a delimiter where the boundary should be, or a part larger than the limit.
        public static let invalidMultipart = Code("invalidMultipart")

        /// A later part of an incremental answer does not fit the answer so far: it adds at a path
        /// the answer lacks, fields where a list is or items where an object is, or it follows a
        /// part that said nothing more would come.
        public static let invalidIncrement = Code("invalidIncrement")

        /// A server that runs only registered operations (``PersistedOperationMode/idOnly``) has none
        /// with the request's ID: the manifest registered with it lacks the operation.
        public static let persistedOperationNotFound = Code("persistedOperationNotFound")

        /// The code's name.
        public var description: String { name }
    }

    /// What the body of an HTTP answer was, judged from its `Content-Type` and its first bytes.
    public struct BodyKind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's stable name.
        public let name: String

        /// A kind with a stable name.
        public init(_ name: String) { self.name = name }

        /// No bytes.
        public static let empty = BodyKind("empty")
        /// JSON text (a GraphQL response or not).
        public static let json = BodyKind("json")
        /// An HTML page, typically from a proxy or a framework's error handler.
        public static let html = BodyKind("html")
        /// Plain text.
        public static let text = BodyKind("text")
        /// Anything else.
        public static let other = BodyKind("other")

        /// The kind's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, for a developer; never holds the body or header values.
    public var message: String
    /// The HTTP status, when an answer arrived.
    public var status: Int?
    /// What the body was, when an answer arrived.
    public var bodyKind: BodyKind?
    /// The error underneath (a `URLError`, or what a header provider threw), when there is one.
    ///
    /// Nothing of the request is kept here: a `URLError` is rebuilt with its code and a failing URL
    /// of scheme, host, port and path only (a GET's query string, which holds the variables, is
    /// dropped, and so is its user info); any other error from the URL loading system keeps only its
    /// domain and code. The header provider's own error is kept as it threw it.
    public var underlying: (any Error)?

    /// An error with a code and a message, and the status, body kind and cause when known.
    public init(
        _ code: Code, _ message: String, status: Int? = nil, bodyKind: BodyKind? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.bodyKind = bodyKind
        self.underlying = underlying
    }

    /// `code (HTTP status, body kind): message`.
    public var description: String {
        var parts: [String] = []
        if let status { parts.append("HTTP \(status)") }
        if let bodyKind { parts.append("\(bodyKind) body") }
        let detail = parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
        return "\(code)\(detail): \(message)"
    }
}
