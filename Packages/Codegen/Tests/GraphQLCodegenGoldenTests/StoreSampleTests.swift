import Foundation
import GraphQLCore
import Testing

/// Decodes `answer` into `Data` and encodes it back.
func reencode<Value: Codable>(_ type: Value.Type, _ answer: Data) throws -> Data {
    try JSONEncoder().encode(JSONDecoder().decode(Value.self, from: answer))
}

/// The sample of the store's reference operations compiled here (`Generated/StoreSample`): the code of
/// the other cases is only compared as text, so these answers are where its decoding is checked.
@Suite("round trip of the store's reference answers, on the compiled sample")
struct StoreSampleTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../StoreCore/Tests/StoreCoreTests/Fixtures/store_roundtrip.json")

    @Test("every sample case's reference answer decodes into its generated Data and encodes back to equal JSON")
    func everySampleAnswer() throws {
        let fixture = try JSONValue(parsing: Data(contentsOf: Self.fixture))
        let cases = try #require(fixture.objectValue?["cases"]?.arrayValue)
        #expect(cases.count == 300)
        var checked = 0
        for entry in cases {
            let name = try #require(entry.objectValue?["name"]?.stringValue)
            let response = try #require(entry.objectValue?["response"])
            guard let encoded = try reencode(case: name, response.serialized()) else { continue }
            let back = try JSONValue(parsing: encoded)
            #expect(jsonEqual(back, response), "\(name): \(back) is not \(response)")
            checked += 1
        }
        #expect(checked == 7)
    }
}
