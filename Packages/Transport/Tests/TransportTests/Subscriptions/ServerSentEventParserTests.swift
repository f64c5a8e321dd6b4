import Testing

@testable import Transport

@Suite("ServerSentEventParser")
struct ServerSentEventParserTests {
    static let stream = Array(
        "event: next\ndata: {\"a\":1}\n\n: a comment\r\nevent: next\r\ndata: {\"b\":\r\ndata:\"é😀\"}\r\n\r\nid: 7\rretry: 10\revent: complete\rdata:\r\r"
            .utf8)
    static let expected = [
        ServerSentEvent(type: "next", data: "{\"a\":1}"),
        ServerSentEvent(type: "next", data: "{\"b\":\n\"é😀\"}"),
        ServerSentEvent(type: "complete", data: ""),
    ]

    @Test("LF, CRLF and CR line ends, comments, multi-line data and unknown fields read as the spec says")
    func wholeStream() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Self.stream) == Self.expected)
    }

    @Test("the same events come out however the bytes are split into chunks")
    func everySplit() {
        for split in 1..<Self.stream.count {
            var parser = ServerSentEventParser()
            let events = parser.feed(Self.stream[..<split]) + parser.feed(Self.stream[split...])
            #expect(events == Self.expected, "split at \(split)")
        }
        var parser = ServerSentEventParser()
        let byteByByte = Self.stream.flatMap { parser.feed([$0]) }
        #expect(byteByByte == Self.expected)
    }

    @Test("an event without a blank line after it is not delivered yet")
    func incompleteEvent() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("event: next\ndata: {}\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)) == [ServerSentEvent(type: "next", data: "{}")])
    }

    @Test("an event with no type is a message, and complete without a data line is still delivered")
    func defaults() {
        var parser = ServerSentEventParser()
        #expect(
            parser.feed(Array("data:x\n\nevent: complete\n\n".utf8)) == [
                ServerSentEvent(type: "message", data: "x"), ServerSentEvent(type: "complete", data: ""),
            ])
    }
}
