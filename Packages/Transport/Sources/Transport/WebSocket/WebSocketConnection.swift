import Foundation

/// One WebSocket as ``WebSocketTransport`` uses it: text messages out, events in.
///
/// Two implementations: ``URLSessionWebSocketConnection`` (`URLSessionWebSocketTask`, on Apple
/// platforms) and ``SocketWebSocketConnection`` (RFC 6455 over a BSD socket, for Linux, where
/// swift-corelibs-foundation's `URLSessionWebSocketTask` needs a libcurl built with WebSocket
/// support; see `docs/decisions/0160`). Both report their events on their own thread or queue,
/// never from inside ``send(_:)`` or ``close(code:reason:)``, so a caller may call them holding a lock
/// its event handler takes.
protocol WebSocketConnection: Sendable {
    /// Queues `text` as one text message; messages go out in the order they were queued.
    func send(_ text: String)
    /// Sends a close frame with `code` and `reason` and ends the connection. Later events are dropped.
    func close(code: Int, reason: String)
}

/// What a ``WebSocketConnection`` reports.
enum WebSocketEvent: Sendable {
    /// The opening handshake succeeded with the `graphql-transport-ws` subprotocol.
    case opened
    /// A text message arrived.
    case text(String)
    /// The connection ended: the peer's close code (1006 when it dropped without one) and reason,
    /// and the failure when it never opened or broke.
    case closed(code: Int, reason: String, failure: TransportError?)
}

/// Opens a connection to `url` offering `protocols`, with `headers` on the handshake request; the
/// connection reports to `handler` until it reports ``WebSocketEvent/closed(code:reason:failure:)``.
typealias WebSocketConnector =
    @Sendable (
        _ url: URL, _ protocols: [String], _ headers: [String: String],
        _ handler: @escaping @Sendable (WebSocketEvent) -> Void
    )
    -> any WebSocketConnection
