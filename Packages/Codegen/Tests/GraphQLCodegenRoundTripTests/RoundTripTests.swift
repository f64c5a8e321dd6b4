import Foundation
import GraphQLCore
import Testing

/// Decodes `answer` into `Data` and encodes it back.
func reencode<Value: Codable>(_ type: Value.Type, _ answer: Data) throws -> Data {
    try JSONEncoder().encode(JSONDecoder().decode(Value.self, from: answer))
}

/// JSON equality as a server means it: object keys in any order, and `1` equal to `1.0`.
func jsonEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let left), .object(let right)):
        guard left.count == right.count else { return false }
        return left.allSatisfy { key, value in right[key].map { jsonEqual(value, $0) } ?? false }
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy { jsonEqual($0, $1) }
    case (.int(let left), .double(let right)), (.double(let right), .int(let left)):
        return Double(left) == right
    default:
        return lhs == rhs
    }
}

@Suite("round trip of the store's reference answers")
struct RoundTripTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../StoreCore/Tests/StoreCoreTests/Fixtures/store_roundtrip.json")

    @Test("every reference answer decodes into its generated Data and encodes back to equal JSON")
    func everyAnswer() throws {
        let fixture = try JSONValue(parsing: Data(contentsOf: Self.fixture))
        let cases = try #require(fixture.objectValue?["cases"]?.arrayValue)
        #expect(cases.count == 300)
        var checked = 0
        for entry in cases {
            let name = try #require(entry.objectValue?["name"]?.stringValue)
            let response = try #require(entry.objectValue?["response"])
            let answer = response.serialized()
            let encoded = try #require(try reencode(case: name, answer), "no generated operation for \(name)")
            let back = try JSONValue(parsing: encoded)
            #expect(jsonEqual(back, response), "\(name): \(back) is not \(response)")
            checked += 1
        }
        #expect(checked == 300)
    }

    @Test("every generated text is the text the compiler sends for the case")
    func everyText() throws {
        let fixture = try JSONValue(parsing: Data(contentsOf: Self.fixture))
        let schema = try Schema(sdl: try #require(fixture.objectValue?["schema"]?.stringValue))
        let cases = try #require(fixture.objectValue?["cases"]?.arrayValue)
        for entry in cases {
            let name = try #require(entry.objectValue?["name"]?.stringValue)
            let text = try #require(entry.objectValue?["operation"]?.stringValue)
            let variables = try #require(entry.objectValue?["variables"]?.objectValue)
            let operation = try CompiledDocument(text: text, schema: schema).operation(
                named: name, variables: variables)
            #expect(generatedText(case: name) == operation.text, "\(name)")
        }
    }
}
