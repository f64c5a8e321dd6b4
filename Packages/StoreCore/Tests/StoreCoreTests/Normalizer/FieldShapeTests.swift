import GraphQLCore
import StoreCore
import Testing

/// With a schema, the compiler records each field's declared shape, and the normalizer rejects a
/// response whose lists or leaves do not fit it, leaving the store as it was.
@Suite("Normalizer-field shapes")
struct FieldShapeTests {
    static let sdl = """
        scalar JSON
        enum Role { ADMIN MEMBER }
        type Query {
          viewer: User
          users: [User!]!
          grid: [[User]]
          search(text: String!): [SearchResult!]!
        }
        type User { id: ID! name: String! age: Int role: Role settings: JSON blobs: [JSON] matrix: [[Int]] }
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
            "blobs": [["a": 1], [1, 2], "x"], "matrix": [[1, nil], nil], "__typename": "User", "id": .string(id),
        ]
    }

    static let text = "{ viewer { name age role settings blobs matrix } users { name } grid { name } }"

    static let good: JSONValue = [
        "viewer": user("1"),
        "users": [["name": "Ada", "__typename": "User", "id": "1"]],
        "grid": [[["name": "Grace", "__typename": "User", "id": "2"], nil], nil],
    ]

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
        #expect(shapes["name"] == FieldShape(nullable: [false], namedKind: .builtInScalar))
        #expect(shapes["role"] == FieldShape(nullable: [true], namedKind: .enumeration))
        #expect(shapes["settings"] == FieldShape(nullable: [true], namedKind: .customScalar))
        #expect(shapes["matrix"]?.listDepth == 2)
        #expect(shapes["__typename"] == FieldShape(nullable: [false], namedKind: .builtInScalar))
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
        #expect(error.path == bad.errorPath)
        #expect(store.lookup(root) == before)
        #expect(store.recordCount == count)
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
        #expect(operation.text.contains("... on User {\n      id\n    }"))
        let search = StoreRoot(operation: operation)
        let viewer = try Self.root("{ viewer { name } }")
        let store = makeStore()
        let searchResponse: JSONValue = ["search": [["__typename": "User", "id": "1"]]]
        try store.publish(searchResponse, to: search)
        #expect(store.lookup(search).data == searchResponse)
        try store.publish(["viewer": ["name": "Ada", "__typename": "User", "id": "1"]], to: viewer)
        let root = try #require(store.record(.root))
        #expect(root[#"search(text:"a")"#] == .links([.link("User:1")]))
        #expect(root["viewer"] == .link("User:1"))
        #expect(try #require(store.record("User:1"))["name"] == .scalar("Ada"))
    }
}
