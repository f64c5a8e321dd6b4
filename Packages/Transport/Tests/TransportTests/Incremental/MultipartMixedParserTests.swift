import Testing

@testable import Transport

@Suite("MultipartMixedParser")
struct MultipartMixedParserTests {
    typealias F = IncrementalFixtures

    static func text(_ parts: [[UInt8]]) -> [String] { parts.map { String(decoding: $0, as: UTF8.self) } }

    @Test("Strawberry's body gives its three parts, fed whole or one byte at a time, and then is closed")
    func strawberry() throws {
        var whole = MultipartMixedParser(boundary: "-")
        #expect(Self.text(try whole.feed(Array(F.strawberryBody.utf8))) == [F.initialPart, F.streamPart, F.deferPart])
        #expect(whole.isClosed)
        var bytewise = MultipartMixedParser(boundary: "-")
        var parts: [[UInt8]] = []
        for byte in F.strawberryBody.utf8 { parts += try bytewise.feed([byte]) }
        #expect(Self.text(parts) == [F.initialPart, F.streamPart, F.deferPart])
        #expect(bytewise.isClosed)
    }

    @Test("a part is given once the delimiter after it has come, not before")
    func waitsForDelimiter() throws {
        var parser = MultipartMixedParser(boundary: "-")
        let body = Array(F.strawberryBody.utf8)
        let firstEnd = Array(("---" + F.strawberryPart(F.initialPart)).utf8).count
        #expect(try parser.feed(body[..<(firstEnd - 1)]).isEmpty)
        #expect(parser.isInsidePart)
        #expect(Self.text(try parser.feed(body[(firstEnd - 1)..<firstEnd])) == [F.initialPart])
        #expect(!parser.isInsidePart)
        #expect(!parser.isClosed)
    }

    @Test(
        "a preamble, a CR LF before the first delimiter, transport padding, parts without headers and an epilogue are read"
    )
    func framingVariants() throws {
        var parser = MultipartMixedParser(boundary: "graphql")
        let body =
            "preamble\r\n--graphql  \r\n\r\n{\"a\":1}\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"b\":2}\r\n--graphql--\r\nepilogue --graphql\r\n"
        #expect(Self.text(try parser.feed(Array(body.utf8))) == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(parser.isClosed)
        #expect(try parser.feed(Array("\r\n--graphql\r\n\r\n{}\r\n--graphql".utf8)).isEmpty)
    }

    @Test("the boundary parameter is read quoted or not, and a Content-Type without one has none")
    func boundaryParameter() {
        #expect(MultipartMixedParser.boundary(ofContentType: #"multipart/mixed; boundary="-""#) == "-")
        #expect(
            MultipartMixedParser.boundary(ofContentType: "multipart/mixed;boundary=graphql;deferSpec=20220824")
                == "graphql")
        #expect(MultipartMixedParser.boundary(ofContentType: "multipart/mixed") == nil)
        #expect(MultipartMixedParser.boundary(ofContentType: #"multipart/mixed; boundary="""#) == nil)
    }

    @Test("a delimiter followed by something other than a line break or -- is a bad boundary")
    func badDelimiter() {
        var parser = MultipartMixedParser(boundary: "-")
        #expect(throws: TransportError.self) { try parser.feed(Array("---x\r\n\r\n{}\r\n---".utf8)) }
        var other = MultipartMixedParser(boundary: "b")
        #expect(throws: TransportError.self) { try other.feed(Array("junk--b\r\n\r\n{}".utf8)) }
        do {
            var wrong = MultipartMixedParser(boundary: "b")
            _ = try wrong.feed(Array("--b\r\n\r\n{}\r\n--bX\r\n".utf8))
            Issue.record("a delimiter with more after its boundary was accepted")
        } catch {
            #expect(error.code == .invalidMultipart)
        }
    }

    @Test("a body that never shows its boundary, or a part that never ends, fails at the size limit instead of growing")
    func bounded() throws {
        var parser = MultipartMixedParser(boundary: "-", maximumPartBytes: 64)
        do {
            _ = try parser.feed(Array(repeating: UInt8(ascii: "x"), count: 65))
            Issue.record("a preamble beyond the limit was accepted")
        } catch {
            #expect(error.code == .invalidMultipart)
        }
        var long = MultipartMixedParser(boundary: "-", maximumPartBytes: 64)
        #expect(try long.feed(Array("---\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "1"), count: 60)).isEmpty)
        #expect(throws: TransportError.self) { try long.feed(Array(repeating: UInt8(ascii: "1"), count: 10)) }
    }
}
