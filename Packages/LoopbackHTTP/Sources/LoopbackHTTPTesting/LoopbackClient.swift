import LoopbackHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test's HTTP client on a raw loopback socket: it writes exact bytes and reads the whole answer,
/// so a test can send what no browser would (a malformed head, a slow trickle), and talk to a local
/// server whose headers `URLSession` on Linux cannot parse (chromedriver writes `Name:value`).
public struct LoopbackClient: Sendable {
    /// The connected socket.
    public let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; reads give up after `readTimeout` seconds, so a server that
    /// never answers fails the test instead of hanging it.
    public init(port: UInt16, readTimeout: Int = 10) {
        descriptor = Socket.makeStreamSocket()
        var limit = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = Socket.loopbackAddress(port: port)
        let descriptor = descriptor
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// Writes `text` as UTF-8.
    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Writes every byte, or stops when the server has closed.
    public func send(_ bytes: [UInt8]) { Socket.write(descriptor, bytes) }

    /// Reads until the server closes (or `marker` appears in what was read), as text.
    public func readAll(until marker: String? = nil) -> String {
        String(decoding: readBytes(until: marker), as: UTF8.self)
    }

    /// Reads until the server closes (or `marker` appears), as bytes.
    public func readBytes(until marker: String? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
        }
        return bytes
    }

    /// Closes the socket.
    public func close() { Socket.closeDescriptor(descriptor) }

    /// The status code of a response's text, or 0.
    public static func status(of response: String) -> Int {
        let parts = response.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2 else { return 0 }
        return Int(parts[1]) ?? 0
    }

    /// One whole exchange with the server on 127.0.0.1:`port`: `method path` with `body` (sent as
    /// JSON); returns the status and the body. The answer ends at its `Content-Length` (a server may
    /// keep the connection open whatever the request asks) or when the server closes.
    public static func exchange(
        port: UInt16, method: String, path: String, body: [UInt8]? = nil, readTimeout: Int = 60
    ) -> (status: Int, body: [UInt8]) {
        let client = LoopbackClient(port: port, readTimeout: readTimeout)
        defer { client.close() }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(body?.count ?? 0)\r\n"
        client.send(Array((head + "\r\n").utf8) + (body ?? []))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if let end = headEnd(answer), let length = contentLength(answer[0..<end]), answer.count >= end + length {
                return (
                    status(of: String(decoding: answer[0..<end], as: UTF8.self)), Array(answer[end..<(end + length)])
                )
            }
        }
        guard let end = headEnd(answer) else { return (0, []) }
        return (status(of: String(decoding: answer[0..<end], as: UTF8.self)), Array(answer[end...]))
    }

    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: head, as: UTF8.self)
        for line in text.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).filter { $0 != " " })
        }
        return nil
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
