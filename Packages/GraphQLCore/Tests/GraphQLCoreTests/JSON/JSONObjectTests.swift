import Testing

@testable import GraphQLCore

@Suite("JSONObject")
struct JSONObjectTests {
    @Test(
        "objects with the same members in another order are equal and hash equally, small or large", arguments: [3, 40])
    func orderIndependentEquality(count: Int) {
        let pairs = (0..<count).map { ("k\($0)", JSONValue.int($0)) }
        let forward = JSONObject(pairs)
        let backward = JSONObject(pairs.reversed())
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)

        var changed = backward
        changed["k0"] = "other"
        #expect(forward != changed)
        var renamed = JSONObject(pairs.dropLast())
        renamed["extra"] = .int(count - 1)
        #expect(forward != renamed)
    }
}
