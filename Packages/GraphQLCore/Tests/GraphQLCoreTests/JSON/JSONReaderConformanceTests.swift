import Foundation
import Testing

@testable import GraphQLCore

/// A table of documents in the spirit of JSONTestSuite: what RFC 8259 accepts reads to the value
/// shown, and what it rejects fails with `invalidJSON`.
@Suite("JSONReader conformance")
struct JSONReaderConformanceTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let text: [UInt8]
        let expected: JSONValue
        init(_ text: String, _ expected: JSONValue) {
            self.text = Array(text.utf8)
            self.expected = expected
        }
        var testDescription: String { String(decoding: text, as: UTF8.self) }
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let name: String
        let text: [UInt8]
        init(_ name: String, _ text: String) {
            self.name = name
            self.text = Array(text.utf8)
        }
        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            text = bytes
        }
        var testDescription: String { name }
    }

    static let valid: [Valid] = [
        Valid("[]", []),
        Valid("{}", [:]),
        Valid("[[]]", [[]]),
        Valid(" \t\r\n[1] \n", [1]),
        Valid(#""top-level string""#, "top-level string"),
        Valid("123", 123),
        Valid("true", true),
        Valid("false", false),
        Valid("null", nil),
        Valid("-0", 0),
        Valid("-0.0", .double(-0.0)),
        Valid("1.0", .double(1)),
        Valid("1.5", 1.5),
        Valid("0.1", 0.1),
        Valid("0.000001", 0.000001),
        Valid("1e3", .double(1000)),
        Valid("1E+3", .double(1000)),
        Valid("1e-3", 0.001),
        Valid("-1.25e2", -125.0),
        Valid("1e0001", .double(10)),
        Valid("9223372036854775807", .int(Int.max)),
        Valid("-9223372036854775808", .int(Int.min)),
        Valid("9223372036854775808", .bigInt("9223372036854775808")),
        Valid("-9223372036854775809", .bigInt("-9223372036854775809")),
        Valid("123456789012345678901234567890", .bigInt("123456789012345678901234567890")),
        Valid("1234567890123456789012345678901234567890e0", .double(1.2345678901234568e39)),
        Valid("0.1000000000000000055511151231257827", 0.1),
        Valid("1.7976931348623157e308", .double(Double.greatestFiniteMagnitude)),
        Valid("4.9e-324", .double(Double.leastNonzeroMagnitude)),
        Valid("2.2250738585072014e-308", .double(Double.leastNormalMagnitude)),
        Valid("1e-400", .double(0)),
        Valid("9007199254740993", .int(9_007_199_254_740_993)),
        Valid("9007199254740993.0", .double(9_007_199_254_740_992)),
        Valid(#"[1,"a",true,false,null,{},[]]"#, [1, "a", true, false, nil, [:], []]),
        Valid(#"{ "a" : [ 1 , 2 ] , "b" : { } }"#, ["a": [1, 2], "b": [:]]),
        Valid(#"{"":0}"#, ["": 0]),
        Valid(#"{"a":1,"b":2,"a":3}"#, .object(JSONObject([("a", 3), ("b", 2)]))),
        Valid(#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        Valid(#""\u0000""#, "\u{0}"),
        Valid(#""\u00e9\u00E9""#, "éé"),
        Valid(#""\uD834\uDD1E""#, "𝄞"),
        Valid(#""\ud83d\ude00 and \u2028""#, "😀 and \u{2028}"),
        Valid(#""\uFFFF""#, "\u{FFFF}"),
        Valid("\"caf\u{E9} \u{1F600} \u{10FFFF}\"", "café 😀 \u{10FFFF}"),
        Valid("\"\u{7F}\"", "\u{7F}"),
        Valid(
            #""a string long enough to take the eight-byte scan several times over""#,
            "a string long enough to take the eight-byte scan several times over"),
        Valid(#""eight!!\"after an escape in the second word""#, "eight!!\"after an escape in the second word"),
        Valid(#"[{"a":[{"b":[[{"c":null}]]}]}]"#, [["a": [["b": [[["c": nil]]]]]]]),
    ]

    static let invalid: [Invalid] = [
        Invalid("empty input", ""),
        Invalid("only whitespace", " \n\t"),
        Invalid("trailing comma in an array", "[1,]"),
        Invalid("trailing comma in an object", #"{"a":1,}"#),
        Invalid("leading comma", "[,1]"),
        Invalid("lone comma", "[,]"),
        Invalid("double comma", "[1,,2]"),
        Invalid("missing comma", "[1 2]"),
        Invalid("missing colon", #"{"a" 1}"#),
        Invalid("unquoted key", "{a:1}"),
        Invalid("single-quoted key", "{'a':1}"),
        Invalid("single-quoted string", "['a']"),
        Invalid("number key", "{1:1}"),
        Invalid("missing value", #"{"a":}"#),
        Invalid("leading zero", "01"),
        Invalid("negative leading zero", "-01"),
        Invalid("double zero", "00"),
        Invalid("leading zero in an array", "[012]"),
        Invalid("fraction without digits", "1."),
        Invalid("fraction without an integer", ".5"),
        Invalid("lone minus", "-"),
        Invalid("plus sign", "+1"),
        Invalid("exponent without digits", "1e"),
        Invalid("exponent sign without digits", "1e+"),
        Invalid("fraction then exponent without digits", "1.e5"),
        Invalid("NaN", "NaN"),
        Invalid("Infinity", "Infinity"),
        Invalid("negative Infinity", "-Infinity"),
        Invalid("hexadecimal", "0x10"),
        Invalid("number too large for a Double", "1e400"),
        Invalid("negative number too large for a Double", "-1e400"),
        Invalid("truncated true", "tru"),
        Invalid("capitalised True", "True"),
        Invalid("truncated null", "nul"),
        Invalid("trailing letters after a literal", "nullx"),
        Invalid("unterminated string", #""abc"#),
        Invalid("unterminated string after an escape", #""abc\""#),
        Invalid("raw control character", "\"a\u{01}b\""),
        Invalid("raw tab", "\"a\tb\""),
        Invalid("raw line feed", "\"a\nb\""),
        Invalid("raw NUL in the long scan", "\"abcdefghijk\u{0}lmnop\""),
        Invalid("unknown escape", #""\x""#),
        Invalid("escaped apostrophe", #""\'""#),
        Invalid("short unicode escape", #""\u12""#),
        Invalid("non-hex unicode escape", #""\uZZZZ""#),
        Invalid("lone high surrogate", #""\uD800""#),
        Invalid("lone low surrogate", #""\uDC00""#),
        Invalid("high surrogate then a non-surrogate", #""\uD800\u0041""#),
        Invalid("high surrogate then a character", #""\uD800x""#),
        Invalid("two high surrogates", #""\uD800\uD800""#),
        Invalid("second value after the first", "[1] [2]"),
        Invalid("extra closing bracket", "[1]]"),
        Invalid("extra closing brace", #"{"a":1}}"#),
        Invalid("garbage after the value", "[1] x"),
        Invalid("two numbers", "1 2"),
        Invalid("mismatched brackets", "[1}"),
        Invalid("mismatched braces", #"{"a":1]"#),
        Invalid("unclosed array", "[1,2"),
        Invalid("unclosed object", #"{"a":"#),
        Invalid("lone open bracket", "["),
        Invalid("lone open brace", "{"),
        Invalid("line comment", "// comment\n1"),
        Invalid("block comment", "/* c */ 1"),
        Invalid("NUL after the value", "[1]\u{0}"),
        Invalid("form feed as whitespace", "\u{0C}[1]"),
        Invalid("non-breaking space as whitespace", "\u{A0}[1]"),
        Invalid("byte order mark", "\u{FEFF}{}"),
        Invalid("invalid byte in a string", bytes: [0x22, 0xFF, 0x22]),
        Invalid("lone continuation byte", bytes: [0x22, 0x80, 0x22]),
        Invalid("overlong encoding", bytes: [0x22, 0xC0, 0x80, 0x22]),
        Invalid("overlong three-byte encoding", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22]),
        Invalid("encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22]),
        Invalid("code point above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
        Invalid("truncated sequence", bytes: [0x22, 0xE2, 0x82, 0x22]),
        Invalid("truncated sequence at the end", bytes: [0x22, 0xC3]),
        Invalid("invalid byte after an escape", bytes: Array(#""\n"#.utf8) + [0xFF, 0x22]),
        Invalid("invalid byte in a key", bytes: Array("{\"".utf8) + [0xFE] + Array("\":1}".utf8)),
        Invalid("non-ASCII byte outside a string", bytes: [0x5B, 0xC3, 0xA9, 0x5D]),
    ]

    @Test("a valid document reads to the expected value", arguments: valid)
    func readsValid(_ document: Valid) throws {
        let value = try JSONValue(parsing: document.text)
        #expect(value == document.expected)
        if case .double(let expected) = document.expected {
            guard case .double(let actual) = value else {
                Issue.record("expected a double, read \(value)")
                return
            }
            #expect(actual.bitPattern == expected.bitPattern)
        }
        if case .int = document.expected { #expect(value == document.expected) }
    }

    @Test("an invalid document fails with invalidJSON and a byte offset", arguments: invalid)
    func rejectsInvalid(_ document: Invalid) {
        #expect {
            _ = try JSONValue(parsing: document.text)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidJSON && error.message.contains("(byte ") && error.locations.count == 1
        }
    }

    @Test("integers that fit in Int read as int, larger integers keep their digits, and other numbers are doubles")
    func numberKinds() throws {
        #expect(try JSONValue(parsing: "42") == .int(42))
        #expect(try JSONValue(parsing: "42.0") == .double(42))
        #expect(try JSONValue(parsing: "4.2e1") == .double(42))
        #expect(try JSONValue(parsing: "-42") == .int(-42))
        #expect(try JSONValue(parsing: "18446744073709551616") == .bigInt("18446744073709551616"))
        #expect(try JSONValue(parsing: "[12345678901234567890]") == [.bigInt("12345678901234567890")])
    }

    @Test("an integer beyond Int writes back digit for digit, and a big integer in a variable keeps them")
    func bigIntegersRoundTrip() throws {
        let text = #"{"id":12345678901234567890,"n":-98765432109876543210123}"#
        #expect(try JSONValue(parsing: text).serializedString() == text)
        let document = try CompiledDocument(
            document: Document(parsing: "query ($id: ID) { node(id: $id) { id } }"), options: CompilationOptions())
        let operation = try document.operation(variables: ["id": JSONValue(parsing: "12345678901234567890")])
        #expect(operation.variables["id"] == "12345678901234567890")
    }

    @Test("the error names the byte offset, line and column where reading stopped")
    func errorLocation() throws {
        let error = try #require(throws: GraphQLCoreError.self) {
            try JSONValue(parsing: "{\n  \"a\": tru\n}")
        }
        #expect(error.code == .invalidJSON)
        #expect(error.message.contains("byte 12"))
        #expect(error.locations == [SourceLocation(line: 2, column: 11)])
    }

    @Test("columns count Unicode scalars, not bytes")
    func errorColumnAfterNonASCII() throws {
        let error = try #require(throws: GraphQLCoreError.self) {
            try JSONValue(parsing: "[\"é\", x]")
        }
        #expect(error.message.contains("byte 7"))
        #expect(error.locations == [SourceLocation(line: 1, column: 7)])
    }

    @Test("a line break counts once whether it is \\n, \\r\\n or \\r")
    func errorLineAcrossLineBreaks() throws {
        let error = try #require(throws: GraphQLCoreError.self) {
            try JSONValue(parsing: "[1,\r\n2,\r3,\n?]")
        }
        #expect(error.locations == [SourceLocation(line: 4, column: 1)])
    }

    @Test("invalid UTF-8 is reported at its first bad byte")
    func invalidUTF8Offset() throws {
        let error = try #require(throws: GraphQLCoreError.self) {
            try JSONValue(parsing: Array(#"["ok", "caf"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8))
        }
        #expect(error.message.contains("UTF-8"))
        #expect(error.message.contains("byte 11"))
    }

    @Test("a control character in a string is named in the error")
    func controlCharacterMessage() throws {
        let error = try #require(throws: GraphQLCoreError.self) {
            try JSONValue(parsing: "\"a\u{1F}\"")
        }
        #expect(error.message.contains("U+001F"))
    }

    @Test("Data, bytes, a Data slice and a String read the same")
    func inputKinds() throws {
        let text = #"{"id":"1","tags":["a","é"],"n":2.5}"#
        let expected: JSONValue = ["id": "1", "tags": ["a", "é"], "n": 2.5]
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        let padded = Data(("xx" + text + "yy").utf8)
        #expect(try JSONValue(parsing: padded.dropFirst(2).dropLast(2)) == expected)
    }

    @Test("objects keep their keys in document order")
    func keyOrder() throws {
        let value = try JSONValue(parsing: #"{"z":1,"a":2,"m":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test("an object with many keys and one repeated keeps the first position and the last value")
    func manyKeysWithDuplicate() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# } + [#""k3":"last""#]
        let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
        let object = try #require(value.objectValue)
        #expect(object.count == 40)
        #expect(object.keys[3] == "k3")
        #expect(object["k3"] == "last")
    }

    @Test("a document of about 50 MB reads whole")
    func fiftyMegabytes() throws {
        let filler = String(repeating: "lorem ipsum ", count: 80)
        var text = "["
        text.reserveCapacity(51_000_000)
        let count = 50_000
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"score":\#(Double(index) / 4),"ok":true,"text":"\#(filler)\#(index)"}"#
        }
        text += "]"
        let data = Data(text.utf8)
        #expect(data.count > 50_000_000)
        let value = try JSONValue(parsing: data)
        let items = try #require(value.arrayValue)
        #expect(items.count == count)
        #expect(items[count - 1]["id"] == .int(count - 1))
        #expect(items[count - 1]["text"] == .string(filler + String(count - 1)))
    }
}
