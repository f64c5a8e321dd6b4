/// A whole response: a status, a content type and a body, sent with `Content-Length` and closed.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code (200, 404, ...).
    public var status: Int
    /// The `Content-Type` header's value.
    public var contentType: String
    /// The body's bytes.
    public var body: [UInt8]

    /// A response with `status`, `contentType` and `body`.
    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A UTF-8 text response.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> HTTPResponse
    {
        HTTPResponse(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// The plain-text response of an error status, naming only the status (never the request).
    public static func status(_ status: Int) -> HTTPResponse {
        .text("\(status) \(reasonPhrase(status))\n", status: status)
    }

    /// The reason phrase of the statuses this server sends.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// The bytes sent on the wire: status line, headers that forbid caching, framing and sniffing,
    /// then the body.
    func serialized() -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += Self.commonHeaders
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// Headers on every response: the page is private data of a running app.
    static let commonHeaders =
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"
        + "Referrer-Policy: no-referrer\r\n"
}
