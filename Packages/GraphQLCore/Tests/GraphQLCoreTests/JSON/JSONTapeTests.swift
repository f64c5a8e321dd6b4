import Foundation
import Testing

@_spi(Runtime) @testable import GraphQLCore

/// `JSONTape`, the tokens of a text, built by the scanner the tree reader uses: from the bytes alone,
/// or while `JSONReader.read(_:tapingMember:)` reads a response around them.
@Suite("JSONTape")
struct JSONTapeTests {
    /// A tape's entries as comparable pairs.
    static func entries(_ tape: JSONTape) -> [[UInt32]] { tape.entries.map { [$0.offset, $0.packed] } }

    static func tape(_ bytes: [UInt8]) throws(GraphQLCoreError) -> JSONTape {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(GraphQLCoreError) in try JSONTape(bytes: buffer) }
        }
        return try result.get()
    }

    @Test(
        "the tape built while reading a response is the tape of its member's text alone, and the rest reads as when skipped",
        arguments: JSONReaderConformanceTests.valid)
    func taped(_ document: JSONReaderConformanceTests.Valid) throws {
        let text = JSONReaderSkippingTests.wrapped(document.text)
        let (value, skipped, checked) = try JSONReader().read(text, tapingMember: "data")
        let member = try #require(checked)
        #expect(value == ["a": 1, "b": [true, ["c": nil]]])
        #expect(try skipped == JSONReader().read(text, skippingMember: "data").skipped)
        #expect(member.bytes == text[try #require(skipped)])

        let alone = try Self.tape(Array(member.bytes))
        #expect(Self.entries(member.tape) == Self.entries(alone))
        #expect(member.tape.objectCount == alone.objectCount)
        #expect(Self.entries(try JSONText(checking: member.bytes).tape) == Self.entries(alone))
    }

    @Test(
        "every invalid document is refused by the tape with the tree reader's error, alone and as the taped member",
        arguments: JSONReaderConformanceTests.invalid)
    func invalid(_ document: JSONReaderConformanceTests.Invalid) {
        let expected = #expect(throws: GraphQLCoreError.self) { try JSONReader().read(document.text) }
        let tape = #expect(throws: GraphQLCoreError.self) { try Self.tape(document.text) }
        #expect(tape?.code == .invalidJSON)
        #expect(tape?.message == expected?.message)
        #expect(tape?.locations == expected?.locations)

        let wrapped = JSONReaderSkippingTests.wrapped(document.text)
        let inside = #expect(throws: GraphQLCoreError.self) { try JSONReader().read(wrapped) }
        let taped = #expect(throws: GraphQLCoreError.self) { try JSONReader().read(wrapped, tapingMember: "data") }
        #expect(taped?.message == inside?.message)
    }

    @Test("a repeated member's last value is the one taped, with offsets from its own first byte")
    func repeated() throws {
        let text = Data(#"{"data":{"x":1},"k":1,"data": [2] ,"k":2}"#.utf8)
        let (value, _, checked) = try JSONReader().read(text, tapingMember: "data")
        let member = try #require(checked)
        #expect(value == ["k": 2])
        #expect(String(decoding: member.bytes, as: UTF8.self) == "[2]")
        #expect(member.tape.entries.map(\.kind) == [.array, .number])
        #expect(member.tape.entries.map(\.offset) == [0, 1])
        #expect(member.tape.entries[0].payload == 2)
    }

    @Test("a text with no such member, or that is not an object, has no taped member")
    func absent() throws {
        for text in [#"{"errors":[]}"#, "[1]", "{}"] {
            let (value, skipped, checked) = try JSONReader().read(Data(text.utf8), tapingMember: "data")
            #expect(value == (try JSONReader().read(text)))
            #expect(skipped == nil)
            #expect(checked == nil)
        }
    }

    @Test(
        "numbers at the edge of a Double: the tape refuses exactly what the tree refuses",
        arguments: [
            "1e400", "-1e400", "1e308", "1.8e308", "1e-400", "0.0000e999",
            String(repeating: "9", count: 308) + ".5", String(repeating: "9", count: 309) + ".5",
            "17976931348623157" + String(repeating: "0", count: 292) + ".0",
            "17976931348623159" + String(repeating: "0", count: 292) + ".0",
            String(repeating: "1", count: 400), "0.1" + String(repeating: "0", count: 400) + "1e309",
        ])
    func edges(_ number: String) {
        let tree = Result { () throws(GraphQLCoreError) in try JSONReader().read(number) }
        let tape = Result { () throws(GraphQLCoreError) in try Self.tape(Array(number.utf8)) }
        switch (tree, tape) {
        case (.success, .success): break
        case (.failure(let treeError), .failure(let tapeError)): #expect(treeError.message == tapeError.message)
        default: Issue.record("the tree reads \(tree), the tape \(tape.map { _ in "a tape" })")
        }
    }

    @Test("a string with an escape or a byte beyond ASCII is an escaped string; plain ASCII is a string")
    func strings() throws {
        let tape = try Self.tape(Array(#"["plain","tab\t","é","\u00e9"]"#.utf8))
        #expect(tape.entries.map(\.kind) == [.array, .string, .escapedString, .escapedString, .escapedString])
    }
}
