import Primitives

@testable import Transport

/// A ``WebSocketConnection`` the test plays the server of: it records what the transport sends and
/// reports the events the test gives it, on the test's thread, as a socket's reader thread would.
final class ScriptedWebSocketConnection: WebSocketConnection {
    private struct State {
        var handler: (@Sendable (WebSocketEvent) -> Void)?
        var sent: [String] = []
        var isClosed = false
    }

    private let state = Locked(State())

    /// The connector to give the transport: every socket it opens is this connection.
    var connector: WebSocketConnector {
        { [self] _, _, _, handler in
            state.withLock { $0.handler = handler }
            return self
        }
    }

    /// The texts sent so far, in order.
    var sent: [String] { state.withLock { $0.sent } }

    /// Whether the transport closed the connection.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    func send(_ text: String) { state.withLock { $0.sent.append(text) } }

    func close(code: Int, reason: String) { state.withLock { $0.isClosed = true } }

    /// Reports `event` to the transport on the calling thread.
    func report(_ event: WebSocketEvent) {
        let handler = state.withLock { $0.handler }
        handler?(event)
    }
}
