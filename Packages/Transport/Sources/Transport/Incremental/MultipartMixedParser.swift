import Foundation

/// Reads a `multipart/mixed` body (RFC 2046) from chunks of bytes that may split a delimiter, a
/// header line or a part anywhere, and returns each part's body as soon as the delimiter after it
/// has arrived.
///
/// A value type with one mutating method, so it is tested byte by byte without any networking.
/// Bounded: a part (or a preamble, or a header block) longer than ``maximumPartBytes`` is an
/// ``TransportError/Code/invalidMultipart`` error, so a server that never sends the next delimiter
/// cannot make the client buffer without end.
struct MultipartMixedParser: Sendable {
    private enum Phase: Sendable {
        /// Before the first delimiter.
        case preamble
        /// Right after a delimiter: `--` closes the body, else transport padding and CR LF start a part.
        case afterDelimiter
        /// Reading a part's header lines, up to the empty line.
        case headers
        /// Reading a part's body, up to the next delimiter.
        case body
        /// After the close delimiter: the epilogue, ignored.
        case closed
    }

    /// `--` and the boundary: what starts every delimiter line.
    private let dashBoundary: [UInt8]
    /// CR LF and ``dashBoundary``: what ends a part's body.
    private let bodyEnd: [UInt8]
    /// The largest part (and preamble, and header block) accepted.
    let maximumPartBytes: Int
    private var phase = Phase.preamble
    private var buffer: [UInt8] = []
    /// Where the next search in ``buffer`` starts: bytes before it cannot begin a match.
    private var searchFrom = 0

    /// A parser for the body whose `Content-Type` has this `boundary` parameter.
    init(boundary: String, maximumPartBytes: Int = 64 << 20) {
        dashBoundary = Array("--\(boundary)".utf8)
        bodyEnd = [0x0d, 0x0a] + dashBoundary
        self.maximumPartBytes = maximumPartBytes
    }

    /// The `boundary` parameter of a `multipart/mixed` `Content-Type` value (quoted or not), or
    /// `nil` when it has none or an empty one.
    static func boundary(ofContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty || value.utf8.count > 70 ? nil : value
        }
        return nil
    }

    /// Whether the close delimiter has been read: the body is complete.
    var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    /// Whether no delimiter of the boundary has been read yet.
    var isInPreamble: Bool {
        if case .preamble = phase { return true }
        return false
    }

    /// Whether the body stopped inside a part (its headers or its body), rather than between parts.
    var isInsidePart: Bool {
        switch phase {
        case .headers, .body: true
        case .preamble, .afterDelimiter, .closed: false
        }
    }

    /// Reads `bytes` and returns the bodies of the parts they complete, in order.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(TransportError) -> [[UInt8]] {
        if case .closed = phase { return [] }
        buffer.append(contentsOf: bytes)
        var parts: [[UInt8]] = []
        while true {
            switch phase {
            case .preamble:
                // The first delimiter may open the body or follow CR LF; either way it is `--boundary`.
                guard let start = find(dashBoundary) else {
                    try checkSize("the body has no delimiter of its boundary")
                    return parts
                }
                if start > 0 && !(start >= 2 && buffer[start - 2] == 0x0d && buffer[start - 1] == 0x0a) {
                    throw TransportError(
                        .invalidMultipart, "the first delimiter does not start a line", bodyKind: .other)
                }
                consume(through: start + dashBoundary.count)
                phase = .afterDelimiter
            case .afterDelimiter:
                guard buffer.count >= 2 else { return parts }
                if buffer[0] == UInt8(ascii: "-") && buffer[1] == UInt8(ascii: "-") {
                    phase = .closed
                    buffer = []
                    return parts
                }
                // Transport padding (spaces and tabs) may follow a delimiter before its CR LF.
                var index = 0
                while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
                guard index + 2 <= buffer.count else {
                    try checkSize("a delimiter is followed by padding without end")
                    return parts
                }
                guard buffer[index] == 0x0d && buffer[index + 1] == 0x0a else {
                    throw TransportError(
                        .invalidMultipart, "a delimiter is followed by something other than a line break or `--`",
                        bodyKind: .other)
                }
                consume(through: index + 2)
                phase = .headers
            case .headers:
                if buffer.count >= 2 && buffer[0] == 0x0d && buffer[1] == 0x0a {
                    // No header lines: the body starts at once.
                    consume(through: 2)
                    phase = .body
                    continue
                }
                guard let end = find([0x0d, 0x0a, 0x0d, 0x0a]) else {
                    try checkSize("a part's headers do not end")
                    return parts
                }
                consume(through: end + 4)
                phase = .body
            case .body:
                guard let end = find(bodyEnd) else {
                    try checkSize("a part is larger than \(maximumPartBytes) bytes or its delimiter never comes")
                    return parts
                }
                parts.append(Array(buffer[..<end]))
                consume(through: end + bodyEnd.count)
                phase = .afterDelimiter
            case .closed:
                return parts
            }
        }
    }

    private mutating func checkSize(_ message: String) throws(TransportError) {
        if buffer.count > maximumPartBytes {
            throw TransportError(.invalidMultipart, message, bodyKind: .other)
        }
    }

    private mutating func consume(through end: Int) {
        buffer.removeFirst(end)
        searchFrom = 0
    }

    /// The first position of `pattern` in the buffer from ``searchFrom``; when there is none, moves
    /// ``searchFrom`` so that the next search does not read the same bytes again.
    private mutating func find(_ pattern: [UInt8]) -> Int? {
        let count = buffer.count
        let length = pattern.count
        guard count >= length else { return nil }
        let first = pattern[0]
        var index = searchFrom
        while index <= count - length {
            if buffer[index] == first {
                var matched = 1
                while matched < length && buffer[index + matched] == pattern[matched] { matched += 1 }
                if matched == length { return index }
            }
            index += 1
        }
        searchFrom = count - length + 1
        return nil
    }
}
