/// The close codes of `graphql-transport-ws` and what each becomes for the caller.
///
/// The protocol's own codes (44xx, 4500) end the connection for a reason another attempt would meet
/// again, so they are *fatal*: every operation on the socket fails with the code's typed error and the
/// transport does not reconnect. Any other close (1000 from a server that restarts, 1001, 1006 for a
/// dropped connection, 1011, 4408 for an acknowledgement that came too late) is *transient*: the
/// transport reconnects with backoff and subscribes again.
enum WebSocketCloseCode {
    /// The client closes with this when the server sends something that is not a protocol message.
    static let badResponse = 4400
    /// The client closes with this when the server did not acknowledge `connection_init` in time.
    static let initialisationTimeout = 4408
    /// A normal close, sent by the client when nothing uses the socket any more.
    static let normal = 1000

    /// The typed error for a close with `code`, and whether reconnecting is pointless.
    static func failure(code: Int, reason: String) -> (error: TransportError, isFatal: Bool) {
        let detail = reason.isEmpty ? "" : " (\(reason))"
        switch code {
        case 4400:
            return (
                TransportError(.webSocketBadRequest, "the server closed the socket with 4400 Bad Request\(detail)"),
                true
            )
        case 4401:
            return (
                TransportError(.webSocketUnauthorized, "the server closed the socket with 4401 Unauthorized\(detail)"),
                true
            )
        case 4403:
            return (
                TransportError(.webSocketForbidden, "the server refused the connection with 4403 Forbidden\(detail)"),
                true
            )
        case 4409:
            return (
                TransportError(
                    .webSocketSubscriberExists,
                    "the server closed the socket with 4409: subscriber already exists\(detail)"),
                true
            )
        case 4429:
            return (
                TransportError(
                    .webSocketTooManyInitialisations,
                    "the server closed the socket with 4429: too many initialisation requests\(detail)"),
                true
            )
        case 4500:
            return (
                TransportError(
                    .webSocketServerError, "the server closed the socket with 4500 Internal Server Error\(detail)"),
                true
            )
        case initialisationTimeout:
            return (TransportError(.timedOut, "the server did not acknowledge connection_init in time\(detail)"), false)
        default:
            return (TransportError(.webSocketClosed, "the socket closed with code \(code)\(detail)"), false)
        }
    }
}

extension TransportError.Code {
    /// The socket closed (or dropped) before the operation completed, and reconnecting did not help
    /// within the reconnect policy's attempts.
    public static let webSocketClosed = Self("webSocketClosed")
    /// Close code 4400: the server judged a message invalid.
    public static let webSocketBadRequest = Self("webSocketBadRequest")
    /// Close code 4401: an operation was sent before the connection was acknowledged.
    public static let webSocketUnauthorized = Self("webSocketUnauthorized")
    /// Close code 4403: the server refused `connection_init` (its payload, typically the credentials).
    public static let webSocketForbidden = Self("webSocketForbidden")
    /// Close code 4409: an operation id was already in use on the socket.
    public static let webSocketSubscriberExists = Self("webSocketSubscriberExists")
    /// Close code 4429: `connection_init` was sent more than once.
    public static let webSocketTooManyInitialisations = Self("webSocketTooManyInitialisations")
    /// Close code 4500: the server failed.
    public static let webSocketServerError = Self("webSocketServerError")
}
