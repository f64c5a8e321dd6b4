import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's server, on loopback in this process: a small HTTP/1.1 server that takes one GraphQL
/// multipart request at a time (`operations`, `map`, then the file) and answers `uploadPhoto` with the
/// caption, the file name and the size it received. Real HTTP, so `HTTPTransport` sends the body from
/// disk and reports its progress exactly as it would to a remote server.
final class UploadServer: Sendable {
    /// The loopback port it listens on.
    let port: Int
    private let listener: Int32

    /// Listens on 127.0.0.1 at a port the system picks, and serves on a thread of its own.
    init() throws {
        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, socketType, 0)
        guard listener >= 0 else { throw ServerError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else { throw ServerError("cannot listen on loopback") }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [listener] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Self.serve(connection)
                close(connection)
            }
        }
    }

    /// The GraphQL endpoint.
    var url: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads one request and answers it.
    private static func serve(_ connection: Int32) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        func readMore() -> Bool {
            let count = read(connection, &chunk, chunk.count)
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
        var headEnd: Int?
        while headEnd == nil {
            guard readMore() else { return }
            headEnd = buffer.firstRange(of: separator)?.upperBound
        }
        guard let headEnd else { return }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self).split(separator: "\r\n")
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { write(connection, "HTTP/1.1 100 Continue\r\n\r\n") }
        let body: [UInt8]
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            // URLSession on Linux sends a body read from a stream in chunks, its length unknown ahead.
            var position = headEnd
            var decoded = [UInt8]()
            while true {
                var sizeEnd = buffer[position...].firstRange(of: Array("\r\n".utf8))
                while sizeEnd == nil {
                    guard readMore() else { return }
                    sizeEnd = buffer[position...].firstRange(of: Array("\r\n".utf8))
                }
                guard let sizeEnd,
                    let size = Int(
                        String(decoding: buffer[position..<sizeEnd.lowerBound], as: UTF8.self)
                            .split(separator: ";").first ?? "", radix: 16)
                else { return respond(connection, status: "400 Bad Request", body: "{}") }
                while buffer.count < sizeEnd.upperBound + size + 2 {
                    guard readMore() else { return }
                }
                if size == 0 { break }
                decoded += buffer[sizeEnd.upperBound..<(sizeEnd.upperBound + size)]
                position = sizeEnd.upperBound + size + 2
            }
            body = decoded
        } else if let length = headers["content-length"].flatMap(Int.init) {
            while buffer.count - headEnd < length {
                guard readMore() else { return }
            }
            body = Array(buffer[headEnd..<(headEnd + length)])
        } else {
            return respond(connection, status: "411 Length Required", body: "{}")
        }
        let boundary = headers["content-type"]?.components(separatedBy: "boundary=").last ?? ""
        respond(connection, status: "200 OK", body: answer(body, boundary: boundary))
    }

    /// The `uploadPhoto` answer for a multipart body.
    private static func answer(_ body: [UInt8], boundary: String) -> String {
        var caption = ""
        var fileName = ""
        var size = 0
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [ArraySlice<UInt8>] = []
        var rest = body[...]
        while let range = rest.firstRange(of: delimiter) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        for part in parts.dropFirst() {
            guard let split = part.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
            let partHead = String(decoding: part[..<split.lowerBound], as: UTF8.self)
            let content = part[split.upperBound...].dropLast(2)  // the CRLF before the next delimiter
            if partHead.contains("name=\"operations\"") {
                let operations = try? JSONSerialization.jsonObject(with: Data(content)) as? [String: Any]
                caption = (operations?["variables"] as? [String: Any])?["caption"] as? String ?? ""
            } else if partHead.contains("name=\"0\"") {
                size = content.count
                if let name = partHead.components(separatedBy: "filename=\"").last?.split(separator: "\"").first {
                    fileName = String(name)
                }
            }
        }
        let photo: [String: Any] = [
            "__typename": "Photo", "id": "photo-1", "caption": caption, "fileName": fileName, "size": size,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: ["data": ["uploadPhoto": photo]])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func respond(_ connection: Int32, status: String, body: String) {
        write(
            connection,
            "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)")
    }

    private static func write(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
