import Foundation
import Testing

@testable import GraphQLCore

@Suite("JSONValue serialization")
struct JSONWriterTests {
    @Test("values print compactly in the object's key order")
    func compact() {
        let value: JSONValue = ["b": [1, 2.5, true, nil], "a": ["x": "y"], "c": [], "d": [:]]
        #expect(value.serializedString() == #"{"b":[1,2.5,true,null],"a":{"x":"y"},"c":[],"d":{}}"#)
        #expect(value.serialized() == Data(value.serializedString().utf8))
    }

    @Test("sorted keys sort at every level, so equal values print equal bytes")
    func sortedKeys() {
        let one: JSONValue = ["b": ["z": 1, "y": 2], "a": [["d": 1, "c": 2]]]
        let other: JSONValue = ["a": [["c": 2, "d": 1]], "b": ["y": 2, "z": 1]]
        #expect(one.serializedString(sortedKeys: true) == #"{"a":[{"c":2,"d":1}],"b":{"y":2,"z":1}}"#)
        #expect(one.serialized(sortedKeys: true) == other.serialized(sortedKeys: true))
    }

    @Test("keys sort by their UTF-8 bytes")
    func sortOrderIsBytewise() {
        let value: JSONValue = ["é": 1, "z": 2, "Z": 3, "aa": 4, "a": 5]
        #expect(value.serializedString(sortedKeys: true) == #"{"Z":3,"a":5,"aa":4,"z":2,"é":1}"#)
    }

    @Test("strings escape quotes, backslashes and control characters and nothing else")
    func escaping() {
        let value: JSONValue = .string("q\" b\\ n\n r\r t\t bs\u{08} ff\u{0C} nul\u{0} us\u{1F} / é 😀 \u{7F}")
        #expect(
            value.serializedString()
                == #""q\" b\\ n\n r\r t\t bs\b ff\f nul\u0000 us\u001f / é 😀 \#u{7F}""#)
    }

    @Test("integral doubles keep .0 and every double prints the shortest text that reads back")
    func doubles() {
        let cases: [(Double, String)] = [
            (1, "1.0"), (-0.0, "-0.0"), (0.1, "0.1"), (2.5, "2.5"), (1e16, "1e+16"), (1e-7, "1e-07"),
            (123_456.789, "123456.789"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (Double.leastNonzeroMagnitude, "5e-324"),
        ]
        for (double, text) in cases {
            #expect(JSONValue.double(double).serializedString() == text)
        }
    }

    @Test("non-finite doubles print as null")
    func nonFinite() {
        let value: JSONValue = [.double(.infinity), .double(-.infinity), .double(.nan)]
        #expect(value.serializedString() == "[null,null,null]")
    }

    @Test("integers print exactly, including the extremes")
    func integers() {
        let value: JSONValue = [0, -1, 42, .int(Int.max), .int(Int.min)]
        #expect(value.serializedString() == "[0,-1,42,9223372036854775807,-9223372036854775808]")
    }
}
