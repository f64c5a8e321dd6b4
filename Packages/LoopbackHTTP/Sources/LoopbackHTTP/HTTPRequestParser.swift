import Foundation

/// Turns a request head's bytes into an ``HTTPRequest``, or the status to refuse it with. Pure, so
/// that every malformed head is tested without a socket.
///
/// Only what the server needs is accepted: `GET` (and `HEAD`), origin-form targets, HTTP/1.0 and
/// HTTP/1.1, no body. The first path segment is the access token; a target without the right token
/// is a 404, the same answer as a path that is not a route, so a guess learns nothing.
public enum HTTPRequestParser {
    /// The index just past the blank line that ends a head in `bytes`, or `nil` when it has not come.
    public static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    /// Parses a complete head (request line and headers, ending with the blank line) and checks the
    /// token in its path.
    public static func parse(
        _ head: [UInt8], token: AccessToken, limits: ServerLimits
    ) -> Result<(method: String, request: HTTPRequest), HTTPRequestError> {
        guard head.count <= limits.maxHeadBytes else {
            return .failure(HTTPRequestError(431, "the request head is longer than \(limits.maxHeadBytes) bytes"))
        }
        // Control bytes other than CR, LF and TAB, and any byte above ASCII, are refused outright.
        guard head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) }) else {
            return .failure(HTTPRequestError(400, "the request head holds a byte that is not printable ASCII"))
        }
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        while lines.last == "" { lines.removeLast() }
        guard let requestLine = lines.first, !requestLine.isEmpty else {
            return .failure(HTTPRequestError(400, "the request has no request line"))
        }
        guard requestLine.utf8.count <= limits.maxRequestLineBytes else {
            return .failure(
                HTTPRequestError(431, "the request line is longer than \(limits.maxRequestLineBytes) bytes"))
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(HTTPRequestError(400, "the request line is not METHOD TARGET VERSION"))
        }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            if version.hasPrefix("HTTP/") { return .failure(HTTPRequestError(505, "only HTTP/1.0 and 1.1 are spoken")) }
            return .failure(HTTPRequestError(400, "the request line has no HTTP version"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                return .failure(HTTPRequestError(400, "a header line has no name"))
            }
            let name = line[..<colon]
            guard !name.contains(" "), !name.contains("\t") else {
                return .failure(HTTPRequestError(400, "a header name holds white space"))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name.lowercased()] = value
        }
        if let length = headers["content-length"], length != "0" {
            return .failure(HTTPRequestError(413, "the server takes no request body"))
        }
        if headers["transfer-encoding"] != nil {
            return .failure(HTTPRequestError(413, "the server takes no request body"))
        }
        guard method == "GET" || method == "HEAD" else {
            return .failure(HTTPRequestError(405, "only GET and HEAD are served"))
        }
        guard target.hasPrefix("/") else {
            return .failure(HTTPRequestError(400, "the target is not an absolute path"))
        }
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = String(pathAndQuery[0])
        // The token is the first segment: `/TOKEN/` or `/TOKEN/api/...`.
        let segments = rawPath.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard segments.count == 2, segments[0].isEmpty else {
            return .failure(HTTPRequestError(404, "no such page"))
        }
        let rest = segments[1]
        let tokenEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let given = rest[..<tokenEnd]
        guard token.matches(given.utf8) else {
            return .failure(HTTPRequestError(404, "no such page"))
        }
        let routePath = tokenEnd == rest.endIndex ? "/" : String(rest[tokenEnd...])
        guard let path = percentDecoded(routePath), !path.contains("/../"), !path.hasSuffix("/.."),
            !path.contains("\\"), !path.contains("\0")
        else {
            return .failure(HTTPRequestError(404, "no such page"))
        }
        var query: [String: String] = [:]
        if pathAndQuery.count == 2 {
            for pair in pathAndQuery[1].split(separator: "&") {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let plus = { (part: Substring) in part.replacingOccurrences(of: "+", with: " ") }
                guard let name = percentDecoded(plus(nameAndValue[0])) else {
                    return .failure(HTTPRequestError(400, "a query parameter is not valid percent-encoding"))
                }
                let value = nameAndValue.count == 2 ? percentDecoded(plus(nameAndValue[1])) : ""
                guard let value else {
                    return .failure(HTTPRequestError(400, "a query parameter is not valid percent-encoding"))
                }
                query[name] = value
            }
        }
        return .success((method, HTTPRequest(path: path, query: query, headers: headers)))
    }

    /// `text` with `%XX` escapes decoded as UTF-8, or `nil` when an escape is malformed or the bytes
    /// are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        // `String(validating:)` needs iOS 18: a decoding that changed no byte is valid UTF-8.
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
