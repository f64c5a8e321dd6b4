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

    @Test(
        "internal variables, coded by Swift's synthesized Encodable, leave an absent one out and send null and values, in order"
    )
    func synthesizedVariables() throws {
        // Case172's `Variables` declares no initializer and no coding: Swift writes them.
        let operation = Case172Query(
            size0: 1, size1: 2, flag2: true, first3: .null, size4: 4, size5: 5, flag6: false, first7: .some(7),
            size8: 8, size9: 9)
        // Sorted: `JSONEncoder` on Linux writes an object's keys in no fixed order.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(operation.variables), as: UTF8.self)
        #expect(
            encoded
                == #"{"first3":null,"first7":7,"flag2":true,"flag6":false,"size0":1,"size1":2,"size4":4,"size5":5,"#
                + #""size8":8,"size9":9}"#)
        // The synthesized memberwise initializer takes the same labels, and `.absent` by default.
        let variables = Case172Query.Variables(
            size0: 1, size1: 2, flag2: true, first3: .null, size4: 4, size5: 5, flag6: false, first7: .some(7),
            size8: 8, size9: 9)
        #expect(variables == operation.variables)
        #expect(variables.first10 == .absent)
        let none = String(decoding: try encoder.encode(Case222Query.Variables()), as: UTF8.self)
        #expect(none == "{}")
    }
}
