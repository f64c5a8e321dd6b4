import GraphQLCore
import StoreCore
import Testing

/// With a schema, the compiler records each field's declared shape, and the normalizer rejects a
/// response whose lists, nulls or leaves do not fit it, leaving the store as it was.
@Suite("Normalizer-field shapes")
struct FieldShapeTests {
    static let sdl = """
        scalar JSON
        enum Role { ADMIN MEMBER }
        type Query {
          viewer: User
          users: [User!]!
          ids: [ID!]
          grid: [[User]]
          search(text: String!): [SearchResult!]!
        }
        type User {
          id: ID! name: String! age: Int role: Role settings: JSON blobs: [JSON] matrix: [[Int]]
          active: Boolean score: Float tags: [String!]
        }
        type Post { id: ID! title: String }
        union SearchResult = User | Post
        """

    static func root(_ text: String) throws -> StoreRoot {
        let schema = try Schema(document: Document(parsing: sdl))
        return try StoreRoot(operation: CompiledDocument(text: text, schema: schema).operation())
    }

    static func user(_ id: String) -> JSONValue {
        [
            "name": "Ada", "age": 36, "role": "ADMIN", "settings": ["theme": ["dark", 1]],
            "blobs": [["a": 1], [1, 2], "x"], "matrix": [[1, nil], nil], "active": true, "score": 1.5,
            "tags": ["a", "b"], "__typename": "User", "id": .string(id),
        ]
    }

    static let text =
        "{ viewer { name age role settings blobs matrix active score tags } users { name } grid { name } ids }"

    static let good: JSONValue = [
        "viewer": user("1"),
        "users": [["name": "Ada", "__typename": "User", "id": "1"]],
        "grid": [[["name": "Grace", "__typename": "User", "id": "2"], nil], nil],
        "ids": ["a", 7],
    ]

    /// `value` without the `__typename` and `id` the compiler added: what the server answers to
    /// ``text``, which selects neither, and so what a read gives.
    static func answeredToText(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var kept = JSONObject()
            for (key, item) in object where key != "__typename" && key != "id" { kept[key] = answeredToText(item) }
            return .object(kept)
        case .array(let items): return .array(items.map(answeredToText))
        default: return value
        }
    }

    /// `good` with the value at `path` replaced.
    static func good(replacing path: [String], with value: JSONValue) -> JSONValue {
        func replace(_ node: JSONValue, _ path: ArraySlice<String>) -> JSONValue {
            guard let key = path.first else { return value }
            switch node {
            case .object(var object):
                object[key] = object[key].map { replace($0, path.dropFirst()) }
                return .object(object)
            case .array(var items):
                guard let index = Int(key) else { return node }
                items[index] = replace(items[index], path.dropFirst())
                return .array(items)
            default: return node
            }
        }
        return replace(good, path[...])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let path: [String]
        let value: JSONValue
        let errorPath: [String]
        var testDescription: String { name }
    }

    @Test("the compiler records list depth, nullability and the kind of the named type")
    func compilerFillsShape() throws {
        let root = try Self.root(Self.text)
        var shapes: [String: FieldShape] = [:]
        func visit(_ set: CompiledSelectionSet) {
            for case .field(let field) in set.selections {
                shapes[field.responseKey] = field.shape
                if let inner = field.selectionSet { visit(inner) }
            }
        }
        visit(root.selectionSet)
        #expect(shapes["viewer"] == FieldShape(nullable: [true], namedKind: .composite))
        #expect(shapes["users"] == FieldShape(nullable: [false, false], namedKind: .composite))
        #expect(shapes["grid"] == FieldShape(nullable: [true, true, true], namedKind: .composite))
        #expect(shapes["name"] == FieldShape(nullable: [false], namedKind: .builtInScalar, builtInScalar: .string))
        #expect(shapes["age"] == FieldShape(nullable: [true], namedKind: .builtInScalar, builtInScalar: .int))
        #expect(shapes["role"] == FieldShape(nullable: [true], namedKind: .enumeration))
        #expect(shapes["settings"] == FieldShape(nullable: [true], namedKind: .customScalar))
        #expect(shapes["matrix"]?.listDepth == 2)
        #expect(
            shapes["__typename"] == FieldShape(nullable: [false], namedKind: .builtInScalar, builtInScalar: .string))
    }

    @Test(
        "a response whose lists or leaves do not fit the declared shape is rejected whole",
        arguments: [
            Case(name: "list where one object is", path: ["viewer"], value: [user("1")], errorPath: ["viewer"]),
            Case(name: "object where a list is", path: ["users"], value: user("1"), errorPath: ["users"]),
            Case(
                name: "object in a String leaf", path: ["viewer", "name"], value: ["a": 1],
                errorPath: ["viewer", "name"]),
            Case(
                name: "list in a String leaf", path: ["viewer", "name"], value: ["Ada"], errorPath: ["viewer", "name"]),
            Case(name: "list in an Int leaf", path: ["viewer", "age"], value: [36], errorPath: ["viewer", "age"]),
            Case(
                name: "object in an enum leaf", path: ["viewer", "role"], value: ["v": "ADMIN"],
                errorPath: ["viewer", "role"]),
            Case(
                name: "list in an enum leaf", path: ["viewer", "role"], value: ["ADMIN"], errorPath: ["viewer", "role"]),
            Case(
                name: "objects one list shallower than declared", path: ["grid", "0"], value: user("2"),
                errorPath: ["grid", "0"]),
            Case(
                name: "objects one list deeper than declared", path: ["grid", "0", "0"], value: [user("2")],
                errorPath: ["grid", "0", "0"]),
            Case(
                name: "leaf list shallower than declared", path: ["viewer", "matrix", "0"], value: 1,
                errorPath: ["viewer", "matrix", "0"]),
            Case(
                name: "leaf list deeper than declared", path: ["viewer", "matrix", "0", "0"], value: [1],
                errorPath: ["viewer", "matrix", "0", "0"]),
            Case(
                name: "custom scalar list not a list", path: ["viewer", "blobs"], value: ["a": 1],
                errorPath: ["viewer", "blobs"]),
        ])
    func mismatches(_ bad: Case) throws {
        let root = try Self.root(Self.text)
        let store = makeStore()
        try store.publish(Self.good, to: root)
        let before = store.lookup(root)
        let count = store.recordCount
        let error = try #require(throws: StoreError.self) {
            try store.publish(Self.good(replacing: bad.path, with: bad.value), to: root)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == responsePath(bad.errorPath))
        #expect(store.lookup(root) == before)
        #expect(store.recordCount == count)
    }

    /// Publishes `good`, then `good` with `value` at `path`, and expects it refused with `code` at
    /// `path` (or `errorPath`), the store as it was.
    static func expectRefused(
        _ value: JSONValue, at path: [String], code: StoreError.Code, errorPath: [String]? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let root = try Self.root(Self.text)
        let store = makeStore()
        try store.publish(Self.good, to: root)
        let before = store.lookup(root)
        let count = store.recordCount
        let error = try #require(throws: StoreError.self, sourceLocation: sourceLocation) {
            try store.publish(Self.good(replacing: path, with: value), to: root)
        }
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.path == responsePath(errorPath ?? path), sourceLocation: sourceLocation)
        #expect(store.lookup(root) == before, sourceLocation: sourceLocation)
        #expect(store.recordCount == count, sourceLocation: sourceLocation)
    }

    @Test("a null in a non-null leaf field is refused as an unexpected null, and nothing is written")
    func nullInNonNullLeaf() throws {
        try Self.expectRefused(nil, at: ["viewer", "name"], code: .unexpectedNull)
    }

    @Test("a null for a non-null list of objects is refused as an unexpected null")
    func nullForNonNullList() throws {
        try Self.expectRefused(nil, at: ["users"], code: .unexpectedNull)
    }

    @Test("a null inside a list of non-null objects is refused at its index")
    func nullInsideNonNullObjectList() throws {
        try Self.expectRefused(nil, at: ["users", "0"], code: .unexpectedNull)
    }

    @Test("a null inside a nullable list of non-null strings is refused at its index")
    func nullInsideNonNullLeafList() throws {
        try Self.expectRefused(
            ["a", nil], at: ["viewer", "tags"], code: .unexpectedNull, errorPath: ["viewer", "tags", "1"])
    }

    @Test("a null inside a list of non-null IDs at the root is refused at its index")
    func nullInsideRootLeafList() throws {
        try Self.expectRefused(["a", nil], at: ["ids"], code: .unexpectedNull, errorPath: ["ids", "1"])
    }

    @Test("the key field a normalizer adds is non-null too: an object whose id is null is refused")
    func nullKeyField() throws {
        try Self.expectRefused(nil, at: ["viewer", "id"], code: .unexpectedNull)
    }

    @Test("a string for an Int is refused as a type mismatch")
    func stringForInt() throws {
        try Self.expectRefused("36", at: ["viewer", "age"], code: .typeMismatch)
    }

    @Test("2^31 for an Int, one past the 32-bit range, is refused as a type mismatch")
    func intOutOfRange() throws {
        try Self.expectRefused(.int(2_147_483_648), at: ["viewer", "age"], code: .typeMismatch)
        try Self.expectRefused(.int(-2_147_483_649), at: ["viewer", "age"], code: .typeMismatch)
    }

    @Test("a fraction for an Int is refused as a type mismatch")
    func fractionForInt() throws {
        try Self.expectRefused(.double(36.5), at: ["viewer", "age"], code: .typeMismatch)
    }

    @Test("a number for a Boolean is refused as a type mismatch")
    func numberForBoolean() throws {
        try Self.expectRefused(1, at: ["viewer", "active"], code: .typeMismatch)
    }

    @Test("a Boolean for a String is refused as a type mismatch")
    func booleanForString() throws {
        try Self.expectRefused(true, at: ["viewer", "name"], code: .typeMismatch)
    }

    @Test("a string for a Float is refused as a type mismatch")
    func stringForFloat() throws {
        try Self.expectRefused("1.5", at: ["viewer", "score"], code: .typeMismatch)
    }

    @Test("a Boolean for an ID is refused as a type mismatch")
    func booleanForID() throws {
        try Self.expectRefused([true], at: ["ids"], code: .typeMismatch, errorPath: ["ids", "0"])
    }

    @Test("a number for an enum is refused as a type mismatch")
    func numberForEnum() throws {
        try Self.expectRefused(1, at: ["viewer", "role"], code: .typeMismatch)
    }

    @Test("a number for a String inside a list is refused at its index")
    func numberInStringList() throws {
        try Self.expectRefused(
            ["a", 2], at: ["viewer", "tags"], code: .typeMismatch, errorPath: ["viewer", "tags", "1"])
    }

    @Test("each built-in scalar takes what servers serialize it to, at the edges of its range")
    func scalarsAccepted() throws {
        let root = try Self.root(Self.text)
        let store = makeStore()
        var response = Self.good
        let accepted: [([String], JSONValue)] = [
            (["viewer", "age"], .int(2_147_483_647)), (["viewer", "age"], .int(-2_147_483_648)),
            (["viewer", "age"], .double(36)), (["viewer", "age"], nil), (["viewer", "score"], 2),
            (["viewer", "active"], false), (["ids"], [7, .double(8), "x"]), (["ids"], nil), (["viewer", "tags"], []),
            (["viewer", "settings"], nil), (["viewer", "role"], "MEMBER"),
        ]
        for (path, value) in accepted {
            response = Self.good(replacing: path, with: value)
            try store.publish(response, to: root)
            #expect(store.lookup(root).data == Self.answeredToText(response))
        }
    }

    @Test("a custom scalar may hold an object or a list, and is stored as it is")
    func customScalarsHoldAnyJSON() throws {
        let root = try Self.root(Self.text)
        let store = makeStore()
        try store.publish(Self.good, to: root)
        let record = try #require(store.record("User:1"))
        #expect(record["settings"] == .scalar(["theme": ["dark", 1]]))
        #expect(record["blobs"] == .scalar([["a": 1], [1, 2], "x"]))
    }

    @Test("an object reached through a union with no fragment for its type and directly share one record")
    func unionMembersKeyed() throws {
        let schema = try Schema(document: Document(parsing: Self.sdl))
        let operation = try CompiledDocument(text: #"{ search(text: "a") { ... on Post { title } } }"#, schema: schema)
            .operation()
        // The server is asked for a User's id, though the operation has no fragment on User.
        #expect(operation.text.contains("...on User{id}"))
        let search = StoreRoot(operation: operation)
        let viewer = try Self.root("{ viewer { name } }")
        let store = makeStore()
        let searchResponse: JSONValue = ["search": [["__typename": "User", "id": "1"]]]
        try store.publish(searchResponse, to: search)
        // A server answers `{}` for a User there: the fragment is on Post, and the key is the client's.
        #expect(store.lookup(search).data == ["search": [[:]]])
        try store.publish(["viewer": ["name": "Ada", "__typename": "User", "id": "1"]], to: viewer)
        let root = try #require(store.record(.root))
        #expect(root[#"search(text:"a")"#] == .links([.link("User:1")]))
        #expect(root["viewer"] == .link("User:1"))
        #expect(try #require(store.record("User:1"))["name"] == .scalar("Ada"))
    }
}
