import Foundation
import GraphQLCore
import Testing

/// A selection written as the generator writes one: `node { __typename id count note owner { name } ... on Admin
/// { level } }` on an interface, with `note` under `@include` and nullable, and `__typename` and `id` added
/// to `owner` (a `User`): in the table, not properties.
private struct Node: GraphQLSelection {
    static let __fields = GraphQLSelectionFields(
        "__typename:s id:s count:i? ?note:s? owner:#0 tags:[s?]? @1:Admin", Owner.self, AsAdmin.self)
    let __data: JSONObject
    var id: String { __field() }
    var count: Int? { __field() }
    var note: String?? { __field() }
    var owner: Owner { __field() }
    var tags: [String?]? { __field() }
    var asAdmin: AsAdmin? { __view(when: ["Admin"]) }

    struct Owner: GraphQLSelection {
        static let __fields = GraphQLSelectionFields("name:s =User ?id:s?")
        let __data: JSONObject
        var name: String { __field() }
    }

    struct AsAdmin: GraphQLSelection {
        static let __fields = GraphQLSelectionFields("id:s level:i")
        let __data: JSONObject
        var id: String { __field() }
        var level: Int { __field() }
    }
}

@Suite("generated selections as views of one answer object")
struct GraphQLSelectionTests {
    static let admin: JSONValue = [
        "__typename": "Admin", "id": "a1", "count": 3, "note": nil, "owner": ["name": "Ada"],
        "tags": ["x", nil], "level": 7,
    ]

    @Test("a checked answer reads through typed properties and views, and encodes back as it came")
    func readsAndEncodes() throws {
        let node = try JSONValueDecoder().decode(Node.self, from: Self.admin)
        #expect(node.id == "a1" && node.count == 3 && node.tags == ["x", nil])
        #expect(node.note == .some(nil))
        #expect(node.__typename == "Admin" && node.asAdmin?.__typename == "Admin")
        #expect(node.owner.name == "Ada" && node.owner.__typename == "User")
        #expect(node.asAdmin?.level == 7)
        let back = try JSONValue(parsing: JSONEncoder().encode(node))
        #expect(back == Self.admin)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
    }

    @Test("a key the answer may lack is nil when missing, and a type condition that does not apply is not checked")
    func missingAndConditions() throws {
        let user: JSONValue = ["__typename": "User", "id": "u1", "count": nil, "owner": ["name": "Bo"], "tags": nil]
        let node = try JSONValueDecoder().decode(Node.self, from: user)
        #expect(node.note == nil && node.count == nil && node.tags == nil)
        #expect(node.asAdmin == nil)
    }

    @Test("__typename is the answer's, else the object type the table names, else empty; added fields are checked")
    func typename() throws {
        // An answer to the document as written: no `__typename` or `id` on the owner.
        let written: JSONValue = ["__typename": "User", "id": "u1", "count": 1, "owner": ["name": "Bo"], "tags": nil]
        let node = try JSONValueDecoder().decode(Node.self, from: written)
        #expect(node.owner.__typename == "User")
        #expect(node.__typename == "User" && node.asAdmin == nil)
        // A table that names no type (an interface's or a union's) and an answer without the field.
        #expect(try JSONValueDecoder().decode(Node.AsAdmin.self, from: ["id": "a1", "level": 1]).__typename == "")
        let served = try JSONValueDecoder().decode(Node.Owner.self, from: ["name": "Bo", "__typename": "Bot"])
        #expect(served.__typename == "Bot")
        // Not a property, but checked: a server's `id` of the wrong kind fails decoding, and so does a
        // `__typename` that the table does not list.
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Node.Owner.self, from: ["name": "Bo", "__typename": "User", "id": 5])
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Node.Owner.self, from: ["name": "Bo", "__typename": 5])
        }
        #expect(
            try JSONValueDecoder().decode(Node.Owner.self, from: ["name": "Bo", "__typename": nil]).__typename == "User"
        )
    }

    @Test("a missing key, a null for a non-null field and a wrong kind fail as JSONDecoder does, with their path")
    func errors() throws {
        func failure(_ value: JSONValue) -> DecodingError? {
            do {
                _ = try JSONValueDecoder().decode(Node.self, from: value)
                return nil
            } catch let error as DecodingError {
                return error
            } catch {
                return nil
            }
        }
        guard case .object(var object) = Self.admin else { return }
        object["owner"] = ["nickname": "A"]
        guard case .keyNotFound(let key, let context)? = failure(.object(object)) else {
            Issue.record("a missing owner name is keyNotFound")
            return
        }
        #expect(key.stringValue == "name" && context.codingPath.map(\.stringValue) == ["owner"])

        object["owner"] = ["name": "Ada"]
        object["id"] = .null
        guard case .valueNotFound(_, let nullContext)? = failure(.object(object)) else {
            Issue.record("a null id is valueNotFound")
            return
        }
        #expect(nullContext.codingPath.map(\.stringValue) == ["id"])

        object["id"] = "a1"
        object["tags"] = ["x", 1]
        guard case .typeMismatch(_, let kindContext)? = failure(.object(object)) else {
            Issue.record("a number in a list of strings is typeMismatch")
            return
        }
        #expect(kindContext.codingPath.map(\.stringValue) == ["tags", "Index 1"])

        // The Admin condition applies, so its fields are checked too.
        object["tags"] = .null
        object["level"] = nil
        guard case .keyNotFound(let levelKey, _)? = failure(.object(object)) else {
            Issue.record("an Admin without level is keyNotFound")
            return
        }
        #expect(levelKey.stringValue == "level")
    }
}
