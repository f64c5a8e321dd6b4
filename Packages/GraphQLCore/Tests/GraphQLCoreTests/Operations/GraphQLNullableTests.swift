import Foundation
import GraphQLCore
import Testing

@Suite("GraphQLNullable")
struct GraphQLNullableTests {
    private struct Input: Encodable {
        var name: GraphQLNullable<String>
        var count: GraphQLNullable<Int>
        var tags: GraphQLNullable<[String?]>

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(count, forKey: .count)
            try container.encode(tags, forKey: .tags)
        }

        enum CodingKeys: String, CodingKey {
            case name
            case count
            case tags
        }
    }

    private func json(_ input: Input) throws -> JSONValue {
        try JSONValue(parsing: JSONEncoder().encode(input))
    }

    @Test("through a keyed container, absent leaves the key out, null writes null, some writes the value")
    func keyed() throws {
        #expect(
            try json(Input(name: .absent, count: .null, tags: .some(["a", nil]))) == [
                "count": .null, "tags": ["a", .null],
            ])
        #expect(try json(Input(name: .some("x"), count: .absent, tags: .absent)) == ["name": "x"])
    }

    @Test("nil is an explicit null, an optional passes through, and value reads the value")
    func conveniences() {
        let explicit: GraphQLNullable<Int> = nil
        #expect(explicit == .null)
        #expect(GraphQLNullable<Int>(Int?.none) == .null)
        #expect(GraphQLNullable(Int?.some(3)) == .some(3))
        #expect(GraphQLNullable<Int>.some(3).value == 3 && GraphQLNullable<Int>.absent.value == nil)
    }

    @Test("encoded alone, absent and null both write null")
    func alone() throws {
        let encoded = try JSONEncoder().encode([GraphQLNullable<Int>.absent, .null, .some(1)])
        #expect(try JSONValue(parsing: encoded) == [.null, .null, 1])
    }
}
