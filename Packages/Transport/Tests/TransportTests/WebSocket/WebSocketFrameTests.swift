import Foundation
import Testing

@testable import Transport

/// RFC 6455 framing of the built-in WebSocket client, and the handshake's SHA-1.
@Suite("WebSocket frames")
struct WebSocketFrameTests {
    /// A server frame: unmasked.
    static func serverFrame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            bytes.append(UInt8(payload.count))
        } else {
            bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        return bytes + payload
    }

    @Test("the handshake's SHA-1 matches RFC 6455's example key and FIPS 180's test vector")
    func sha1() {
        let accept = Data(SHA1.digest(Array("dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11".utf8)))
        #expect(accept.base64EncodedString() == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let abc = SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(abc == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test("a client frame is masked, and unmasking gives the payload back")
    func clientFrame() {
        let payload = Array(String(repeating: "x", count: 300).utf8)
        let bytes = WebSocketFrame(isFinal: true, opcode: .text, payload: payload).encoded(mask: (1, 2, 3, 4))
        #expect(bytes[0] == 0x81)
        #expect(bytes[1] == 0x80 | 126)
        #expect(Int(bytes[2]) << 8 | Int(bytes[3]) == 300)
        #expect(Array(bytes[4..<8]) == [1, 2, 3, 4])
        let unmasked = bytes[8...].enumerated().map { $0.element ^ [1, 2, 3, 4][$0.offset & 3] }
        #expect(unmasked == payload)
    }

    @Test("messages are read however the bytes are split")
    func split() throws {
        let bytes = Self.serverFrame(0x1, Array("hello".utf8)) + Self.serverFrame(0x9, [7])
        var reader = WebSocketFrameReader()
        var messages: [WebSocketFrameReader.Message] = []
        for byte in bytes { messages += try reader.feed([byte]) }
        #expect(messages == [.text("hello"), .ping([7])])
    }

    @Test("a fragmented message is joined, with a control frame between its fragments")
    func fragments() throws {
        var reader = WebSocketFrameReader()
        let bytes =
            Self.serverFrame(0x1, Array("hel".utf8), final: false) + Self.serverFrame(0xA, [])
            + Self.serverFrame(0x0, Array("lo".utf8))
        #expect(try reader.feed(bytes) == [.pong([]), .text("hello")])
    }

    @Test("a close frame gives its code and reason")
    func close() throws {
        var reader = WebSocketFrameReader()
        #expect(
            try reader.feed(Self.serverFrame(0x8, [0x11, 0x93] + Array("Forbidden".utf8))) == [
                .close(code: 4499, reason: "Forbidden")
            ])
    }

    @Test("a masked server frame, an unknown opcode and an oversized message are malformed")
    func malformed() {
        var masked = WebSocketFrameReader()
        #expect(throws: WebSocketFrame.Malformed.self) { try masked.feed([0x81, 0x80 | 1, 0, 0, 0, 0, 0]) }
        var unknown = WebSocketFrameReader()
        #expect(throws: WebSocketFrame.Malformed.self) { try unknown.feed([0x83, 0]) }
        var small = WebSocketFrameReader(maximumMessageSize: 4)
        #expect(throws: WebSocketFrame.Malformed.self) { try small.feed(Self.serverFrame(0x1, Array("hello".utf8))) }
    }
}
