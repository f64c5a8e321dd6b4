import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A WebSocket client (RFC 6455) over a BSD socket, for `ws://` URLs: the connection
/// ``WebSocketTransport`` uses on Linux, where `URLSessionWebSocketTask` fails with "WebSockets not
/// supported by libcurl" unless the system's libcurl was built with WebSocket support
/// (`docs/decisions/0160`). No TLS: `wss://` needs ``URLSessionWebSocketConnection``.
///
/// Two threads per connection. The reader connects, performs the handshake, reads frames (blocking
/// `recv`), answers pings and reports events. The writer sends what ``send(_:)`` queued: `send` only
/// appends to the outbox under the connection's lock, so a caller holding its own lock (the
/// transport's) never waits for the network, and a server that stops reading cannot stall the app's
/// threads or the reader. The writer takes the whole outbox at each wake-up and writes it with one
/// call, so a burst of messages costs one system call. The outbox is bounded
/// (``defaultMaximumQueuedBytes``): a server that reads nothing while the client queues more than that
/// fails the connection as dropped (1006), which the transport treats as transient and reconnects.
/// The descriptor is closed by the last of the two threads to stop, so neither meets a closed or
/// reused descriptor.
final class SocketWebSocketConnection: WebSocketConnection {
    /// How many bytes may wait for the writer before the connection is given up (16 MiB): far more
    /// than a burst of subscribe messages needs, little enough that a peer that stopped reading is
    /// noticed before the app's memory is.
    static let defaultMaximumQueuedBytes = 16 << 20

    private struct State: Sendable {
        var descriptor: Int32?
        /// The owner closed the connection: later events are not reported.
        var isClosing = false
        /// Encoded frames waiting for the writer, in order.
        var outbox: [UInt8] = []
        /// Whether the writer thread runs (from the end of the handshake until it stops).
        var hasWriter = false
        /// The writer shuts the socket down once the outbox is written (after a close frame).
        var shutdownAfterFlush = false
        /// The threads that still use the descriptor; the last one to stop closes it.
        var users = 1
        /// Why the connection was given up from this side, reported when the reader stops.
        var failure: TransportError?
    }

    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let maximumQueuedBytes: Int
    private let handler: @Sendable (WebSocketEvent) -> Void

    private init(maximumQueuedBytes: Int, handler: @escaping @Sendable (WebSocketEvent) -> Void) {
        self.maximumQueuedBytes = maximumQueuedBytes
        self.handler = handler
    }

    /// Starts connecting to `url` on a thread of its own and returns at once.
    static func connect(
        url: URL, protocols: [String], headers: [String: String], connectTimeout: Duration,
        maximumQueuedBytes: Int = defaultMaximumQueuedBytes, handler: @escaping @Sendable (WebSocketEvent) -> Void
    ) -> SocketWebSocketConnection {
        let connection = SocketWebSocketConnection(maximumQueuedBytes: maximumQueuedBytes, handler: handler)
        let thread = Thread {
            connection.run(url: url, protocols: protocols, headers: headers, connectTimeout: connectTimeout)
        }
        thread.name = "graphql-websocket"
        thread.start()
        return connection
    }

    func send(_ text: String) {
        enqueue(WebSocketFrame(isFinal: true, opcode: .text, payload: Array(text.utf8)))
    }

    func close(code: Int, reason: String) {
        let frame = WebSocketFrame(
            isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason))
        let bytes = frame.encoded(mask: Self.randomMask())
        let signal = state.withLock { state -> Bool in
            let wasClosing = state.isClosing
            state.isClosing = true
            guard let descriptor = state.descriptor, !wasClosing else { return false }
            guard state.hasWriter else {
                // Still connecting: nothing to say goodbye to; ending the handshake stops the reader.
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
                return false
            }
            // The close frame goes after what is queued; the writer then shuts the socket down, and
            // the reader sees the end of the stream and stops.
            return Self.append(bytes, andShutDown: true, to: &state)
        }
        if signal { wake.signal() }
    }

    /// Answers the peer's close frame (RFC 6455 §5.5.1) without marking the connection as closed by
    /// its owner, who is still to hear of the close.
    private func answerClose(code: Int) {
        let frame = WebSocketFrame(
            isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: ""))
        let bytes = frame.encoded(mask: Self.randomMask())
        let signal = state.withLock { state -> Bool in
            guard state.descriptor != nil, state.hasWriter, !state.isClosing else { return false }
            return Self.append(bytes, andShutDown: true, to: &state)
        }
        if signal { wake.signal() }
    }

    /// Queues a frame for the writer; past the outbox's bound, gives the connection up instead.
    private func enqueue(_ frame: WebSocketFrame) {
        let bytes = frame.encoded(mask: Self.randomMask())
        let signal = state.withLock { state -> Bool in
            guard let descriptor = state.descriptor, state.hasWriter, !state.isClosing, !state.shutdownAfterFlush,
                state.failure == nil
            else { return false }
            guard state.outbox.count + bytes.count <= maximumQueuedBytes else {
                state.failure = TransportError(
                    .webSocketClosed,
                    "the server stopped reading: more than \(maximumQueuedBytes) bytes waited to be sent")
                state.outbox = []
                // Both threads return from their blocking calls; the reader reports the failure.
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
                return true
            }
            return Self.append(bytes, andShutDown: false, to: &state)
        }
        if signal { wake.signal() }
    }

    /// Appends under the lock; returns whether the writer must be woken (the outbox was empty, so it
    /// may be waiting; otherwise a wake-up is already due).
    private static func append(_ bytes: [UInt8], andShutDown: Bool, to state: inout State) -> Bool {
        let wasEmpty = state.outbox.isEmpty
        state.outbox += bytes
        if andShutDown { state.shutdownAfterFlush = true }
        return wasEmpty || andShutDown
    }

    // MARK: - The writer thread

    /// Starts the writer once the handshake is done; returns whether the owner still wants the
    /// connection (it may have closed it during the handshake).
    private func startWriter(_ descriptor: Int32) -> Bool {
        let isClosing = state.withLock { state -> Bool in
            state.hasWriter = true
            state.users += 1
            return state.isClosing
        }
        let thread = Thread { [self] in
            write(to: descriptor)
        }
        thread.name = "graphql-websocket-writer"
        thread.start()
        return !isClosing
    }

    private func write(to descriptor: Int32) {
        while true {
            wake.wait()
            let (bytes, last) = state.withLock { state -> ([UInt8], Bool) in
                defer { state.outbox = [] }
                return (state.outbox, state.shutdownAfterFlush || state.failure != nil)
            }
            if !bytes.isEmpty && !Self.writeAll(descriptor, bytes) {
                // The peer is gone or the reader shut the socket down; the reader reports the end.
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
                break
            }
            if last {
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
                break
            }
        }
        release(descriptor)
    }

    /// One user of the descriptor stopped; the last closes it.
    private func release(_ descriptor: Int32) {
        let isLast = state.withLock { state -> Bool in
            state.users -= 1
            if state.users == 0 { state.descriptor = nil }
            return state.users == 0
        }
        if isLast { _ = systemClose(descriptor) }
    }

    // MARK: - The reader thread

    private func run(url: URL, protocols: [String], headers: [String: String], connectTimeout: Duration) {
        let descriptor: Int32
        var leftover: [UInt8]
        do {
            descriptor = try Self.open(url: url, timeout: connectTimeout)
            let registered = state.withLock { state -> Bool in
                guard !state.isClosing else { return false }
                state.descriptor = descriptor
                return true
            }
            guard registered else {
                _ = systemClose(descriptor)
                return
            }
            leftover = try handshake(descriptor, url: url, protocols: protocols, headers: headers)
        } catch {
            finish(code: 1006, reason: "", failure: error)
            return
        }
        if startWriter(descriptor) { handler(.opened) }
        var reader = WebSocketFrameReader()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let messages: [WebSocketFrameReader.Message]
            do {
                messages = try reader.feed(leftover)
            } catch {
                answerClose(code: 1002)
                finish(
                    code: 1002, reason: "",
                    failure: TransportError(.invalidResponse, "bad WebSocket frame: \(error.reason)"))
                return
            }
            leftover = []
            for message in messages {
                switch message {
                case .text(let text):
                    if state.withLock({ $0.isClosing }) { continue }
                    handler(.text(text))
                case .binary:
                    // graphql-transport-ws is text only; a binary message is not one of its messages.
                    handler(.text(""))
                case .ping(let payload):
                    enqueue(WebSocketFrame(isFinal: true, opcode: .pong, payload: payload))
                case .pong:
                    break
                case .close(let code, let reason):
                    answerClose(code: code == 1005 ? 1000 : code)
                    finish(code: code, reason: reason, failure: nil)
                    return
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                finish(code: 1006, reason: "", failure: nil)
                return
            }
            leftover = Array(buffer[0..<count])
        }
    }

    /// Stops the writer, lets go of the descriptor and reports the end, unless the owner closed
    /// first (then it expects nothing).
    private func finish(code: Int, reason: String, failure: (any Error)?) {
        let (wasClosing, descriptor, wakeWriter, ownFailure) = state.withLock {
            state -> (Bool, Int32?, Bool, TransportError?) in
            defer { state.isClosing = true }
            // A writer still flushing a close frame stops by itself; any other is told to stop now,
            // and the shutdown returns it from a `send` blocked on a peer that stopped reading.
            let mustStopWriter = state.hasWriter && !state.shutdownAfterFlush
            if mustStopWriter, let descriptor = state.descriptor { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
            state.shutdownAfterFlush = true
            return (state.isClosing, state.descriptor, state.hasWriter, state.failure)
        }
        if wakeWriter { wake.signal() }
        if let descriptor { release(descriptor) }
        guard !wasClosing else { return }
        let typed =
            ownFailure
            ?? failure.map { error in
                error as? TransportError
                    ?? TransportError(.cannotConnect, "the WebSocket did not open", underlying: error)
            }
        handler(.closed(code: code, reason: reason, failure: typed))
    }

    /// The opening handshake (RFC 6455 §4.1): returns the bytes that came after the response head.
    private func handshake(_ descriptor: Int32, url: URL, protocols: [String], headers: [String: String]) throws
        -> [UInt8]
    {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let host = url.host ?? "localhost"
        let port = url.port.map { ":\($0)" } ?? ""
        var head = "GET \(path) HTTP/1.1\r\nHost: \(host)\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if !protocols.isEmpty { head += "Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard Self.writeAll(descriptor, Array(head.utf8)) else {
            throw TransportError(.cannotConnect, "the WebSocket handshake could not be sent")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: Int
        while true {
            if let index = Self.endOfHead(received) {
                end = index
                break
            }
            guard received.count < 64 * 1024 else {
                throw TransportError(.invalidResponse, "the WebSocket handshake answer has no end")
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                throw TransportError(.cannotConnect, "the server closed the connection during the WebSocket handshake")
            }
            received += buffer[0..<count]
        }
        let lines = String(decoding: received[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        guard status == 101 else {
            throw TransportError(
                .http, "the server answered the WebSocket handshake with HTTP \(status.map(String.init) ?? "?")",
                status: status)
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let expected = Self.acceptValue(forKey: key)
        guard fields["sec-websocket-accept"] == expected else {
            throw TransportError(.invalidResponse, "the server's Sec-WebSocket-Accept does not match the key")
        }
        if !protocols.isEmpty, let chosen = fields["sec-websocket-protocol"], !protocols.contains(chosen) {
            throw TransportError(.invalidResponse, "the server chose a subprotocol the client did not offer")
        }
        if !protocols.isEmpty && fields["sec-websocket-protocol"] == nil {
            throw TransportError(.invalidResponse, "the server did not agree to the graphql-transport-ws subprotocol")
        }
        return Array(received[(end + 4)...])
    }

    /// The `Sec-WebSocket-Accept` a server answers to `key` (RFC 6455 §4.2.2).
    static func acceptValue(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    // MARK: - Sockets

    @discardableResult
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                sendNoSignal(descriptor, raw.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func sendNoSignal(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
            return Darwin.send(descriptor, pointer, count, 0)
        #else
            // MSG_NOSIGNAL: a peer that went away is an error return, not a SIGPIPE that ends the app.
            return systemSend(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    private static func randomMask() -> (UInt8, UInt8, UInt8, UInt8) {
        let value = UInt32.random(in: 0...UInt32.max)
        return (UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }

    /// A connected TCP socket to the URL's host and port (80 by default).
    private static func open(url: URL, timeout: Duration) throws -> Int32 {
        guard url.scheme?.lowercased() == "ws" else {
            throw TransportError(
                .cannotConnect, "the built-in WebSocket client speaks ws:// only; wss:// needs URLSessionWebSocketTask")
        }
        guard let host = url.host else { throw TransportError(.invalidRequest, "the WebSocket URL has no host") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(url.port ?? 80), &hints, &list)
        guard status == 0, let first = list else {
            throw TransportError(.cannotConnect, "the host \(host) could not be resolved")
        }
        defer { freeaddrinfo(list) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if descriptor >= 0 {
                #if canImport(Darwin)
                    var one: Int32 = 1
                    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                #endif
                // On Linux the send timeout bounds connect() too; it is cleared once connected.
                var limit = timeval(
                    tv_sec: Int(timeout.components.seconds),
                    tv_usec: suseconds_t(timeout.components.attoseconds / 1_000_000_000_000))
                setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                if systemConnect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    var none = timeval(tv_sec: 0, tv_usec: 0)
                    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
                    var one: Int32 = 1
                    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    return descriptor
                }
                _ = systemClose(descriptor)
            }
            candidate = info.pointee.ai_next
        }
        throw TransportError(.cannotConnect, "no connection to \(host):\(url.port ?? 80)")
    }
}

// The C functions whose names the class's own methods (`send`, `close`) shadow.
#if canImport(Darwin)
    private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
    private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        Darwin.connect(descriptor, address, length)
    }
#elseif canImport(Glibc)
    private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
    private func systemSend(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        Glibc.send(descriptor, pointer, count, flags)
    }
    private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        Glibc.connect(descriptor, address, length)
    }
#endif
