#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test's client that writes exact bytes to the server and reads its whole answer: what a browser
/// would never send (a malformed head, a slow trickle) is the point.
struct RawClient {
    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; reads give up after `readTimeout` seconds, so a server that
    /// never answers fails the test instead of hanging it.
    init(port: UInt16, readTimeout: Int = 10) {
        #if canImport(Darwin)
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var limit = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
                let written = bytes.withUnsafeBytes {
                    Darwin.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, 0)
                }
            #else
                let written = bytes.withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
            #endif
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads until the server closes (or `until` appears in what was read), as text.
    func readAll(until marker: String? = nil) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func close() {
        #if canImport(Darwin)
            _ = Darwin.close(descriptor)
        #else
            _ = Glibc.close(descriptor)
        #endif
    }

    /// The status code of a response's text, or 0.
    static func status(of response: String) -> Int {
        let parts = response.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2 else { return 0 }
        return Int(parts[1]) ?? 0
    }
}
