import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WebSocket over `URLSessionWebSocketTask`: the connection ``WebSocketTransport`` uses on Apple
/// platforms (and on Linux when asked to, where it works only with a libcurl built with WebSocket
/// support; `docs/decisions/0160`).
///
/// The task's callbacks arrive on the session's delegate queue; the receive loop asks for one
/// message at a time, so messages are reported in order.
final class URLSessionWebSocketConnection: NSObject, WebSocketConnection, URLSessionWebSocketDelegate {
    private struct State: Sendable {
        var task: URLSessionWebSocketTask?
        var session: URLSession?
        var isClosing = false
        var isFinished = false
    }

    private let state = Locked(State())
    private let handler: @Sendable (WebSocketEvent) -> Void

    private init(handler: @escaping @Sendable (WebSocketEvent) -> Void) {
        self.handler = handler
    }

    /// Starts connecting to `url` on a session with `configuration` and returns at once.
    static func connect(
        url: URL, protocols: [String], headers: [String: String], configuration: URLSessionConfiguration,
        handler: @escaping @Sendable (WebSocketEvent) -> Void
    ) -> URLSessionWebSocketConnection {
        let connection = URLSessionWebSocketConnection(handler: handler)
        // The session keeps its delegate until it is invalidated, which `finish` does.
        let session = URLSession(configuration: configuration, delegate: connection, delegateQueue: nil)
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if !protocols.isEmpty {
            request.setValue(protocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        let task = session.webSocketTask(with: request)
        connection.state.withLock { state in
            state.task = task
            state.session = session
        }
        task.resume()
        connection.receiveNext(task)
        return connection
    }

    func send(_ text: String) {
        guard let task = state.withLock({ $0.isClosing ? nil : $0.task }) else { return }
        task.send(.string(text)) { _ in
            // A failed send surfaces as the task's completion with an error; nothing to do here.
        }
    }

    func close(code: Int, reason: String) {
        let task = state.withLock { state -> URLSessionWebSocketTask? in
            state.isClosing = true
            return state.task
        }
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: code) ?? .normalClosure
        task?.cancel(with: closeCode, reason: Data(reason.utf8))
    }

    private func receiveNext(_ task: URLSessionWebSocketTask) {
        task.receive { [self] result in
            switch result {
            case .success(.string(let text)):
                if !state.withLock({ $0.isClosing }) { handler(.text(text)) }
                receiveNext(task)
            case .success(.data):
                // graphql-transport-ws is text only; a binary message is not one of its messages.
                if !state.withLock({ $0.isClosing }) { handler(.text("")) }
                receiveNext(task)
            case .success:
                receiveNext(task)
            case .failure(let error):
                let code = task.closeCode == .invalid ? 1006 : task.closeCode.rawValue
                let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                let failure: TransportError? =
                    task.closeCode == .invalid
                    ? TransportError.from(error) : nil
                finish(code: code, reason: reason, failure: failure)
            }
        }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        if !state.withLock({ $0.isClosing }) { handler(.opened) }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        finish(code: closeCode.rawValue, reason: reason.map { String(decoding: $0, as: UTF8.self) } ?? "", failure: nil)
    }

    private func finish(code: Int, reason: String, failure: TransportError?) {
        let (report, session) = state.withLock { state -> (Bool, URLSession?) in
            defer {
                state.isFinished = true
                state.session = nil
            }
            return (!state.isFinished && !state.isClosing, state.session)
        }
        session?.invalidateAndCancel()
        if report { handler(.closed(code: code, reason: reason, failure: failure)) }
    }
}
