import Foundation
import Testing

@testable import GraphQLCore

@Suite("JSONValue Codable")
struct JSONValueCodableTests {
    static let text = #"{"a":[1,2.5,"x",true,null,{"b":{}}],"c":-7,"d":"é😀","e":[]}"#

    @Test("JSONDecoder reads a JSONValue equal to the one the reader reads")
    func decodesFromJSONDecoder() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(Self.text.utf8))
        #expect(decoded == (try JSONValue(parsing: Self.text)))
    }

    @Test("JSONEncoder writes a JSONValue so that it reads back equal")
    func encodesThroughJSONEncoder() throws {
        let value = try JSONValue(parsing: Self.text)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONValue(parsing: encoded) == value)
    }

    @Test("a Codable model holding a JSONValue round-trips through JSONEncoder and JSONDecoder")
    func nestedInAModel() throws {
        struct Envelope: Codable, Equatable {
            var id: Int
            var payload: JSONValue
        }
        let envelope = Envelope(id: 1, payload: ["list": [1, "two", nil], "flag": false])
        let data = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
        #expect(try JSONValueDecoder().decode(Envelope.self, from: JSONValue(parsing: data)) == envelope)
    }

    @Test("a decoder that holds no JSON value gives a DecodingError")
    func notAJSONValue() throws {
        // PropertyListDecoder exposes dates and data, which are not JSON values; a plist's Date decodes
        // through single-value containers that refuse every JSON kind.
        struct Holder: Decodable { var value: JSONValue }
        let plist = try PropertyListEncoder().encode(["value": Date(timeIntervalSince1970: 0)])
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(Holder.self, from: plist) }
    }
}
