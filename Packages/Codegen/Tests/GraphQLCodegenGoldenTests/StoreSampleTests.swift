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

    @Test("a field whose selection has the shape of an earlier one reads through the shared struct its alias names")
    func readsThroughAlias() throws {
        // Two fields of Case172 select `address { street city geo { lat lng } }`: one struct, one alias.
        #expect(
            Case172Query.Data.Search.AsUser.Friends.BestFriend.Friends.Address.self
                == Case172Query.Data.Search.AsPlanet.Residents.Address.self)
        let fixture = try JSONValue(parsing: Data(contentsOf: Self.fixture))
        let cases = try #require(fixture.objectValue?["cases"]?.arrayValue)
        let entry = try #require(cases.first { $0.objectValue?["name"]?.stringValue == "Case172" })
        let response = try #require(entry.objectValue?["response"])
        let data = try JSONDecoder().decode(Case172Query.Data.self, from: response.serialized())
        let friends = try #require(data.search.first?.asUser?.friends.first?.bestFriend?.friends)
        #expect(friends.count == 2)
        #expect(friends[0].address == nil)
        let address = try #require(friends[1].address)
        #expect(address.street == "7 Main St")
        #expect(address.city == "Springfield")
        #expect(address.geo?.lat == 10.5)
        #expect(address.geo?.lng == -15.75)
    }
}
