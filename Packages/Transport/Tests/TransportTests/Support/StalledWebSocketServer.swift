import Foundation
import Primitives

@testable import Transport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A WebSocket server on loopback that accepts one connection, performs the handshake, reads
/// `connection_init`, acknowledges it, and then reads nothing more: a peer that stopped reading.
/// Its receive buffer is made small, so the client's writes back up after a few hundred kilobytes.
/// Raw sockets, because neither test server can be told to stop reading.
final class StalledWebSocketServer: Sendable {
    let port: Int
    private let listener: Int32
    private let accepted = Locked<Int32?>(nil)

    init() throws {
        let listener = socket(AF_INET, Self.streamType, 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var small: Int32 = 16 * 1024
        setsockopt(listener, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    var url: URL { URL(string: "ws://127.0.0.1:\(port)/graphql")! }

    /// Closes the sockets (the accepted one too), which ends the client's connection.
    func stop() {
        if let descriptor = accepted.withLock({ $0 }) { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        _ = shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return }
        accepted.withLock { $0 = descriptor }
        var received: [UInt8] = []
        func read() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            received += buffer[0..<count]
            return true
        }
        // The handshake request.
        var head: Range<Int>?
        while head == nil {
            guard read() else { return }
            head = received.firstRange(of: Array("\r\n\r\n".utf8))
        }
        let request = String(decoding: received[..<head!.lowerBound], as: UTF8.self)
        received.removeSubrange(..<head!.upperBound)
        let key =
            request.components(separatedBy: "\r\n")
            .first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let accept = SocketWebSocketConnection.acceptValue(forKey: key)
        let answer =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n"
        write(descriptor, Array(answer.utf8))
        // connection_init: one short masked frame (2 header bytes, 4 of mask, the payload).
        while received.count < 2 { guard read() else { return } }
        let length = Int(received[1] & 0x7F)
        while received.count < 6 + length { guard read() else { return } }
        let acknowledgement = Array(#"{"type":"connection_ack"}"#.utf8)
        write(descriptor, [0x81, UInt8(acknowledgement.count)] + acknowledgement)
        // And then nothing is read: the client's writes fill the buffers and block.
    }

    private func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Self.send(descriptor, $0.baseAddress, $0.count) }
    }

    #if canImport(Darwin)
        private static let streamType = SOCK_STREAM
        private static func send(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
            Darwin.send(descriptor, pointer, count, 0)
        }
    #else
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static func send(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
            Glibc.send(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
        }
    #endif
}
