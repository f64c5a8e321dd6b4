#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls the server makes, with the platforms' differences in one place. The
/// package's test client (`LoopbackHTTPTesting`) makes its sockets with these too.
package enum Socket {
    /// A new TCP socket (whose writes never raise `SIGPIPE` on Apple platforms), or -1.
    package static func makeStreamSocket() -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            return descriptor
        #else
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    /// The address 127.0.0.1:`port`.
    package static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// A listening TCP socket bound to 127.0.0.1 on `port` (0: any free port), and the port it got.
    static func listenOnLoopback(port: UInt16, backlog: Int32) throws(ServerError) -> (descriptor: Int32, port: UInt16)
    {
        let descriptor = makeStreamSocket()
        guard descriptor >= 0 else { throw ServerError(.cannotListen, "no socket could be made (errno \(errno))") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // 127.0.0.1 only: the page is never reachable from another machine.
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let code = errno
            closeDescriptor(descriptor)
            throw ServerError(.cannotListen, "127.0.0.1:\(port) could not be bound (errno \(code))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: actual.sin_port))
    }

    /// Waits up to `milliseconds` for `descriptor` to be readable (or closed by the peer).
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// A connection from the listening socket, or `nil`; the connection's writes time out after
    /// `sendTimeout`, so a client that stops reading cannot hold its thread.
    static func accept(_ listener: Int32, sendTimeout: Duration) -> Int32? {
        let descriptor = acceptConnection(listener)
        guard descriptor >= 0 else { return nil }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var limit = timeval(
            tv_sec: Int(sendTimeout.components.seconds),
            tv_usec: suseconds_t(sendTimeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// Reads what is there (at most `limit` bytes): `nil` at the end of the stream or on an error.
    static func read(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(buffer[0..<count])
        }
    }

    /// Writes every byte, or returns `false` when the peer went away or stopped reading.
    @discardableResult
    package static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
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

    /// Ends the connection after a response: our side's writes end first, then what the client still
    /// sends (the rest of an oversized request) is read and dropped for a moment, so that the client
    /// reads the response instead of a reset.
    static func finish(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        var drained = 0
        while drained < 256 * 1024, waitReadable(descriptor, milliseconds: 50),
            let bytes = read(descriptor, limit: 16 * 1024)
        {
            drained += bytes.count
        }
        closeDescriptor(descriptor)
    }

    package static func closeDescriptor(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(descriptor)
        #else
            _ = Glibc.close(descriptor)
        #endif
    }

    private static func acceptConnection(_ listener: Int32) -> Int32 {
        #if canImport(Darwin)
            return Darwin.accept(listener, nil, nil)
        #else
            return Glibc.accept(listener, nil, nil)
        #endif
    }

    private static func sendNoSignal(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
            return Darwin.send(descriptor, pointer, count, 0)
        #else
            // MSG_NOSIGNAL: a browser tab closed mid-response is an error return, not a SIGPIPE.
            return Glibc.send(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
        #endif
    }
}
