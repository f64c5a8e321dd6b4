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

    @Test("objects sharing one keys array read, compare and change like objects built key by key")
    func sharedKeys() {
        let keys = ["id", "name"]
        let first = JSONObject(distinctKeys: keys, values: ["1", "Ada"])
        let second = JSONObject(distinctKeys: keys, values: ["2", "Grace"])
        #expect(first == ["id": "1", "name": "Ada"])
        #expect(first.keys == keys && second["name"] == "Grace")
        #expect(first != second)
        var changed = second
        changed["id"] = "1"
        changed["name"] = "Ada"
        #expect(changed == first)
        changed["extra"] = true
        #expect(changed.keys == ["id", "name", "extra"])
        #expect(second.keys == keys, "a change to one object leaves the shared keys as they were")
    }
}
