import Foundation
import Testing

@testable import GraphQLCore

/// `JSONReader.read(_:skippingMember:)`: the whole text checked as `read(_:)` checks it, one
/// top-level member left as a range of bytes.
@Suite("JSONReader skipping a member")
struct JSONReaderSkippingTests {
    static func wrapped(_ member: [UInt8]) -> Data {
        Data(#"{"a":1,"data":"#.utf8) + Data(member) + Data(#","b":[true,{"c":null}]}"#.utf8)
    }

    @Test(
        "every conformance document read as a skipped member is left out and its bytes read back to its value",
        arguments: JSONReaderConformanceTests.valid)
    func valid(_ document: JSONReaderConformanceTests.Valid) throws {
        let text = Self.wrapped(document.text)
        let (value, skipped) = try JSONReader().read(text, skippingMember: "data")
        #expect(value == ["a": 1, "b": [true, ["c": nil]]])
        let range = try #require(skipped)
        #expect(try JSONReader().read(text[range]) == document.expected)

        // The document alone: an object without the member reads whole; anything else as `read`.
        let alone = try JSONReader().read(Data(document.text), skippingMember: "data")
        #expect(alone.value == document.expected)
        #expect(alone.skipped == nil)
    }

    @Test(
        "every invalid document fails as read(_:) fails, alone and as the skipped member",
        arguments: JSONReaderConformanceTests.invalid)
    func invalid(_ document: JSONReaderConformanceTests.Invalid) {
        for text in [Data(document.text), Self.wrapped(document.text)] {
            let expected = #expect(throws: GraphQLCoreError.self) { try JSONReader().read(text) }
            let skipped = #expect(throws: GraphQLCoreError.self) {
                try JSONReader().read(text, skippingMember: "data")
            }
            #expect(skipped?.code == .invalidJSON)
            #expect(skipped?.message == expected?.message)
        }
    }

    @Test("a repeated member's last value is the one skipped, and other repeated keys keep their last value")
    func repeated() throws {
        let text = Data(#"{"data":{"x":1},"k":1,"data":[2],"k":2}"#.utf8)
        let (value, skipped) = try JSONReader().read(text, skippingMember: "data")
        #expect(value == ["k": 2])
        #expect(String(decoding: text[try #require(skipped)], as: UTF8.self) == "[2]")
    }

    @Test("nesting inside the skipped member counts towards the limit, as in read(_:)")
    func depth() throws {
        let reader = JSONReader(options: .init(maximumDepth: 4))
        let fits = Data(#"{"data":[[[1]]]}"#.utf8)
        #expect(try reader.read(fits, skippingMember: "data").skipped != nil)
        let deep = Data(#"{"data":[[[[1]]]]}"#.utf8)
        let expected = #expect(throws: GraphQLCoreError.self) { try reader.read(deep) }
        let skipped = #expect(throws: GraphQLCoreError.self) { try reader.read(deep, skippingMember: "data") }
        #expect(skipped?.message == expected?.message)
    }

    @Test("the range is in the indices of a Data slice")
    func slice() throws {
        let whole = Data("xx".utf8) + Self.wrapped(Array("[1,2]".utf8))
        let text = whole[2...]
        let range = try #require(try JSONReader().read(text, skippingMember: "data").skipped)
        #expect(range.lowerBound > text.startIndex)
        #expect(String(decoding: text[range], as: UTF8.self) == "[1,2]")
    }
}
