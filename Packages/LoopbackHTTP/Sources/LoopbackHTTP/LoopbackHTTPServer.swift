import Foundation
import Primitives

/// A small HTTP/1.1 server for a debug page inside an app: it binds 127.0.0.1 only, answers only
/// requests whose first path segment is its ``AccessToken``, serves `GET` routes the app gives it,
/// one request per connection, and holds event streams open.
///
/// Every request is bounded: its head by ``ServerLimits/maxHeadBytes`` (431), its time by
/// ``ServerLimits/requestTimeout`` (408, then closed), bodies are refused (413), and at most
/// ``ServerLimits/maxConnections`` connections are served at once (503). Each connection has its own
/// thread, since its socket calls block; nothing of it runs on the Swift concurrency pool.
public final class LoopbackHTTPServer: Sendable {
    /// The port it listens on (the one asked for, or the one the system chose for 0).
    public let port: UInt16
    /// The secret every request's path starts with.
    public let token: AccessToken
    /// The bounds it enforces.
    public let limits: ServerLimits
    private let listener: Int32
    private let routes: @Sendable (HTTPRequest) -> HTTPReply
    private let state = Locked(ServerState())

    private struct ServerState: Sendable {
        var stopped = false
        var connections = 0
        var streams: [EventStream] = []
    }

    /// Starts listening on 127.0.0.1:`port` (0: a free port) and serving `routes`, each called with a
    /// request that passed the limits and the token check; a route's own `404` is for paths it does
    /// not serve.
    public init(
        port: UInt16 = 0, token: AccessToken = AccessToken(), limits: ServerLimits = ServerLimits(),
        routes: @escaping @Sendable (HTTPRequest) -> HTTPReply
    ) throws(ServerError) {
        let (descriptor, actualPort) = try Socket.listenOnLoopback(port: port, backlog: 32)
        self.listener = descriptor
        self.port = actualPort
        self.token = token
        self.limits = limits
        self.routes = routes
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    /// The page's address, token included: the one URL to print.
    public var url: String { "http://127.0.0.1:\(port)/\(token.text)/" }

    /// How many connections are being served now (tests wait for a slow client's to end).
    public var openConnections: Int { state.withLock { $0.connections } }

    /// Stops accepting, and closes every event stream; connections being answered finish.
    public func stop() {
        let streams = state.withLock { state -> [EventStream] in
            state.stopped = true
            return state.streams
        }
        for stream in streams { stream.close() }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { Socket.closeDescriptor(listener) }
        while !isStopped {
            // A bounded wait, so that `stop()` is seen within a tenth of a second.
            guard Socket.waitReadable(listener, milliseconds: 100) else { continue }
            guard let connection = Socket.accept(listener, sendTimeout: limits.requestTimeout) else { continue }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped, state.connections < limits.maxConnections else { return false }
                state.connections += 1
                return true
            }
            guard admitted else {
                Socket.write(connection, HTTPResponse.status(503).serialized())
                Socket.finish(connection)
                continue
            }
            let thread = Thread { [self] in
                serve(connection)
                state.withLock { $0.connections -= 1 }
            }
            thread.name = "LoopbackHTTPServer.connection"
            thread.start()
        }
    }

    /// Reads one request head within the limits, answers it, and closes the connection.
    private func serve(_ connection: Int32) {
        let head: [UInt8]
        switch readHead(connection) {
        case .success(let bytes): head = bytes
        case .failure(let error):
            Socket.write(connection, HTTPResponse.status(error.status).serialized())
            Socket.finish(connection)
            return
        }
        switch HTTPRequestParser.parse(head, token: token, limits: limits) {
        case .failure(let error):
            Socket.write(connection, HTTPResponse.status(error.status).serialized())
            Socket.finish(connection)
        case .success(let (method, request)):
            switch routes(request) {
            case .response(let response):
                var bytes = response.serialized()
                if method == "HEAD" { bytes.removeLast(response.body.count) }
                Socket.write(connection, bytes)
                Socket.finish(connection)
            case .eventStream(let stream):
                pump(stream, on: connection)
            }
        }
    }

    /// The request head's bytes, or the status for a head that is too long (431), too slow (408) or
    /// cut short (400).
    private func readHead(_ connection: Int32) -> Result<[UInt8], HTTPRequestError> {
        let deadline = ContinuousClock.now + limits.requestTimeout
        var bytes: [UInt8] = []
        while true {
            let remaining = deadline - ContinuousClock.now
            let milliseconds =
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
            guard milliseconds > 0, Socket.waitReadable(connection, milliseconds: Int32(clamping: milliseconds)) else {
                return .failure(HTTPRequestError(408, "the request head did not come in time"))
            }
            guard let chunk = Socket.read(connection, limit: 4096) else {
                return .failure(HTTPRequestError(400, "the connection ended inside the request head"))
            }
            bytes += chunk
            if let end = HTTPRequestParser.headEnd(in: bytes) {
                // Bytes after the head would be a body or a pipelined request: neither is served.
                return .success(Array(bytes[0..<end]))
            }
            if bytes.count > limits.maxHeadBytes {
                return .failure(HTTPRequestError(431, "the request head is longer than \(limits.maxHeadBytes) bytes"))
            }
        }
    }

    /// Writes `stream`'s events to the connection until the stream or the connection closes.
    private func pump(_ stream: EventStream, on connection: Int32) {
        let admitted = state.withLock { state -> Bool in
            state.streams.removeAll { $0.isClosed }
            guard !state.stopped, state.streams.count < limits.maxEventStreams else { return false }
            state.streams.append(stream)
            return true
        }
        guard admitted else {
            stream.close()
            Socket.write(connection, HTTPResponse.status(503).serialized())
            Socket.finish(connection)
            return
        }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n" + HTTPResponse.commonHeaders
            + "Connection: close\r\n\r\n"
        var open = Socket.write(connection, Array(head.utf8))
        while open {
            guard let messages = stream.next(timeout: limits.keepAliveInterval) else { break }
            // A comment line when nothing came: it keeps proxies quiet and finds a closed tab.
            let text = messages.isEmpty ? ":\n\n" : messages.joined()
            open = Socket.write(connection, Array(text.utf8))
        }
        stream.close()
        state.withLock { state in state.streams.removeAll { $0 === stream } }
        Socket.closeDescriptor(connection)
    }
}
