/// A WebSocket frame (RFC 6455 §5.2): what the built-in client reads and writes on its socket.
struct WebSocketFrame: Sendable, Equatable {
    /// The frame's opcode.
    enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Why bytes are not a valid frame from a server.
    struct Malformed: Error, Sendable, Equatable {
        /// What is wrong, never the payload.
        var reason: String
    }

    var isFinal: Bool
    var opcode: Opcode
    var payload: [UInt8]

    /// The frame's bytes as a client sends them: masked with `mask` (RFC 6455 §5.3 requires a client
    /// to mask every frame).
    func encoded(mask: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        bytes.append((isFinal ? 0x80 : 0) | opcode.rawValue)
        let count = payload.count
        if count < 126 {
            bytes.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(0x80 | 126)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(count & 0xFF))
        } else {
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8((UInt64(count) >> UInt64(shift)) & 0xFF))
            }
        }
        let key = [mask.0, mask.1, mask.2, mask.3]
        bytes += key
        let start = bytes.count
        bytes += payload
        // Masked in place through a pointer: a per-byte `append` costs more than the network for the
        // megabyte-sized messages a large set of variables makes.
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = start
            let end = buffer.count
            while index < end {
                buffer[index] ^= key[(index - start) & 3]
                index += 1
            }
        }
        return bytes
    }

    /// A close frame's payload: the code, big-endian, then the reason in UTF-8 (at most 123 bytes).
    static func closePayload(code: Int, reason: String) -> [UInt8] {
        [UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    }
}

/// Reads server frames from bytes as they arrive, however the bytes are split, and joins fragmented
/// messages (RFC 6455 §5.4). A value type fed with chunks, like ``ServerSentEventParser``.
struct WebSocketFrameReader: Sendable {
    /// A whole message or control frame.
    enum Message: Sendable, Equatable {
        case text(String)
        case binary([UInt8])
        case close(code: Int, reason: String)
        case ping([UInt8])
        case pong([UInt8])
    }

    /// The largest message accepted; a longer one is malformed rather than a way to exhaust memory.
    let maximumMessageSize: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var fragments: [UInt8] = []
    private var fragmentOpcode: WebSocketFrame.Opcode?

    init(maximumMessageSize: Int = 64 << 20) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// Appends `bytes` and returns the messages they complete.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(WebSocketFrame.Malformed) -> [Message] {
        buffer.append(contentsOf: bytes)
        var messages: [Message] = []
        while let frame = try nextFrame() {
            if let message = try assemble(frame) { messages.append(message) }
        }
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return messages
    }

    private mutating func nextFrame() throws(WebSocketFrame.Malformed) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else {
            throw WebSocketFrame.Malformed(reason: "reserved bits set without an extension")
        }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw WebSocketFrame.Malformed(reason: "unknown opcode \(first & 0x0F)")
        }
        guard second & 0x80 == 0 else { throw WebSocketFrame.Malformed(reason: "a server frame is masked") }
        var length = Int(second & 0x7F)
        var header = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            var value: UInt64 = 0
            for index in 2..<10 { value = value << 8 | UInt64(buffer[start + index]) }
            guard value <= UInt64(maximumMessageSize) else {
                throw WebSocketFrame.Malformed(reason: "a frame of \(value) bytes is over the limit")
            }
            length = Int(value)
            header = 10
        }
        if opcode.isControl && (length > 125 || first & 0x80 == 0) {
            throw WebSocketFrame.Malformed(reason: "a control frame is fragmented or longer than 125 bytes")
        }
        guard length <= maximumMessageSize else {
            throw WebSocketFrame.Malformed(reason: "a frame of \(length) bytes is over the limit")
        }
        guard available >= header + length else { return nil }
        let payload = Array(buffer[(start + header)..<(start + header + length)])
        start += header + length
        return WebSocketFrame(isFinal: first & 0x80 != 0, opcode: opcode, payload: payload)
    }

    private mutating func assemble(_ frame: WebSocketFrame) throws(WebSocketFrame.Malformed) -> Message? {
        switch frame.opcode {
        case .close:
            guard frame.payload.count >= 2 else { return .close(code: 1005, reason: "") }
            let code = Int(frame.payload[0]) << 8 | Int(frame.payload[1])
            return .close(code: code, reason: String(decoding: frame.payload[2...], as: UTF8.self))
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .text, .binary:
            guard fragmentOpcode == nil else {
                throw WebSocketFrame.Malformed(reason: "a new message began inside a fragmented one")
            }
            if frame.isFinal { return Self.message(frame.opcode, frame.payload) }
            fragmentOpcode = frame.opcode
            fragments = frame.payload
            return nil
        case .continuation:
            guard let opcode = fragmentOpcode else {
                throw WebSocketFrame.Malformed(reason: "a continuation frame without a message")
            }
            fragments += frame.payload
            guard fragments.count <= maximumMessageSize else {
                throw WebSocketFrame.Malformed(reason: "a message over the size limit")
            }
            guard frame.isFinal else { return nil }
            defer {
                fragments = []
                fragmentOpcode = nil
            }
            return Self.message(opcode, fragments)
        }
    }

    private static func message(_ opcode: WebSocketFrame.Opcode, _ payload: [UInt8]) -> Message {
        opcode == .text ? .text(String(decoding: payload, as: UTF8.self)) : .binary(payload)
    }
}
