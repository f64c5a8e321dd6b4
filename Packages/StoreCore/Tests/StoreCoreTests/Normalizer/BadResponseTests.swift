import GraphQLCore
import StoreCore
import Testing

/// Every bad response is rejected whole: a typed error with the response path, and the store as it
/// was before, write times included.
@Suite("Normalizer-bad responses")
struct BadResponseTests {
    static let root = query([
        object(
            "viewer", [typename, leaf("id"), leaf("name"), object("friends", [typename, leaf("id"), leaf("name")])]),
        // Hand-built without `__typename`, which the compiler would add, to reach the type case.
        object("node", [leaf("id"), on("User", [leaf("name")])]),
    ])

    static let good: JSONValue = [
        "viewer": [
            "__typename": "User", "id": "1", "name": "Ada",
            "friends": [["__typename": "User", "id": "2", "name": "Grace"]],
        ],
        "node": ["__typename": "User", "id": "2", "name": "Grace"],
    ]

    /// A store holding `good`, and what it reads before the bad publish.
    static func seeded() throws -> (Store, ManualClock, Snapshot, Int) {
        let clock = ManualClock()
        let store = makeStore(clock: clock)
        try store.publish(good, to: root)
        clock.advance(by: 60)
        return (store, clock, store.lookup(root), store.recordCount)
    }

    static func expectUnchanged(_ store: Store, _ before: Snapshot, _ count: Int) {
        #expect(store.lookup(root) == before)
        #expect(store.recordCount == count)
    }

    /// `good` with the value at `path` replaced (or removed when `value` is nil).
    static func good(replacing path: [String], with value: JSONValue?) -> JSONValue {
        func replace(_ node: JSONValue, _ path: ArraySlice<String>) -> JSONValue? {
            guard let key = path.first else { return value }
            switch node {
            case .object(var object):
                object[key] = object[key].flatMap { replace($0, path.dropFirst()) }
                return .object(object)
            case .array(var items):
                let index = Int(key)!
                items[index] = replace(items[index], path.dropFirst()) ?? .null
                return .array(items)
            default: return node
            }
        }
        return replace(good, path[...])!
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let path: [String]
        let value: JSONValue?
        let code: StoreError.Code
        var testDescription: String { name }
    }

    @Test(
        "a response that does not fit its selection is rejected whole with a typed error and its path",
        arguments: [
            Case(name: "string where an object is", path: ["viewer"], value: "Ada", code: .typeMismatch),
            Case(name: "number in a list of objects", path: ["viewer", "friends", "0"], value: 3, code: .typeMismatch),
            Case(
                name: "Boolean where a list of objects is", path: ["viewer", "friends"], value: true,
                code: .typeMismatch),
            Case(
                name: "missing selected field", path: ["viewer", "friends", "0", "name"], value: nil,
                code: .missingField),
            Case(
                name: "missing __typename under a type case", path: ["node", "__typename"], value: nil,
                code: .missingField),
            Case(name: "__typename not a string", path: ["node", "__typename"], value: 12, code: .typeMismatch),
        ])
    func mismatches(_ bad: Case) throws {
        let (store, _, before, count) = try Self.seeded()
        let error = try #require(throws: StoreError.self) {
            try store.publish(Self.good(replacing: bad.path, with: bad.value), to: Self.root)
        }
        #expect(error.code == bad.code)
        #expect(error.path == responsePath(bad.path))
        Self.expectUnchanged(store, before, count)
    }

    @Test("data that is not an object is rejected")
    func notAnObject() throws {
        let (store, _, before, count) = try Self.seeded()
        let error = try #require(throws: StoreError.self) { try store.publish(["a", "b"], to: Self.root) }
        #expect(error.code == .notAnObject)
        Self.expectUnchanged(store, before, count)
    }

    @Test("a bad response tells no subscriber")
    func noNotification() throws {
        let (store, _, _, _) = try Self.seeded()
        let recorder = Recorder()
        let subscription = store.subscribe(to: Self.root) { recorder.record($0) }
        #expect(throws: StoreError.self) {
            try store.publish(Self.good(replacing: ["viewer", "name"], with: nil), to: Self.root)
        }
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test("lists nested 100,000 levels deep give nestingTooDeep, not a stack overflow")
    func deepLists() throws {
        let (store, _, before, count) = try Self.seeded()
        var deep: JSONValue = ["__typename": "User", "id": "9", "name": "x", "friends": []]
        for _ in 0..<100_000 { deep = .array([deep]) }
        let response: JSONValue = [
            "viewer": ["__typename": "User", "id": "1", "name": "Ada", "friends": deep],
            "node": ["__typename": "User", "id": "2", "name": "Grace"],
        ]
        deep = .null
        let error = try #require(throws: StoreError.self) { try store.publish(response, to: Self.root) }
        #expect(error.code == .nestingTooDeep)
        #expect(error.path.prefix(3) == ["viewer", "friends", 0])
        Self.expectUnchanged(store, before, count)
        (consume response).dismantle()
    }

    @Test(
        "an answer lacking a field the client added is missingField like one lacking the app's field, and says the client added it"
    )
    func missingAddedField() throws {
        let schema = try Schema(sdl: "type Query { viewer: User } type User { id: ID! name: String friends: [User!]! }")
        let operation = try CompiledDocument(text: "{ viewer { name friends { name } } }", schema: schema).operation()
        let root = StoreRoot(operation: operation)
        let full: JSONValue = [
            "viewer": [
                "name": "Ada", "__typename": "User", "id": "1",
                "friends": [["name": "Grace", "__typename": "User", "id": "2"]],
            ]
        ]
        try makeStore().publish(full, to: root)
        let cases: [(path: [String], added: Bool)] = [
            (["viewer", "friends", "0", "__typename"], true), (["viewer", "friends", "0", "id"], true),
            (["viewer", "__typename"], true), (["viewer", "name"], false),
        ]
        for (path, added) in cases {
            let store = makeStore()
            let error = try #require(throws: StoreError.self) {
                try store.publish(Self.removing(path, from: full), to: root)
            }
            #expect(error.code == .missingField)
            #expect(error.path == responsePath(path))
            #expect(error.message.contains("the client added") == added, "\(error.message)")
            #expect(store.recordCount == 0)
        }
    }

    /// `value` without the member at `path` (list indices as digits).
    static func removing(_ path: [String], from value: JSONValue) -> JSONValue {
        guard let key = path.first else { return value }
        switch value {
        case .object(var object):
            if path.count == 1 {
                object[key] = nil
            } else if let inner = object[key] {
                object[key] = removing(Array(path.dropFirst()), from: inner)
            }
            return .object(object)
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else { return value }
            items[index] = removing(Array(path.dropFirst()), from: items[index])
            return .array(items)
        default:
            return value
        }
    }

    @Test("a leaf holding JSON nested 100,000 levels deep gives nestingTooDeep")
    func deepLeaf() throws {
        let (store, _, before, count) = try Self.seeded()
        var deep: JSONValue = 1
        for index in 0..<100_000 { deep = index.isMultiple(of: 2) ? .array([deep]) : ["k": deep] }
        let response = Self.good(replacing: ["viewer", "name"], with: deep)
        deep = .null
        let error = try #require(throws: StoreError.self) { try store.publish(response, to: Self.root) }
        #expect(error.code == .nestingTooDeep)
        #expect(error.path == ["viewer", "name"])
        Self.expectUnchanged(store, before, count)
        (consume response).dismantle()
    }

    @Test("a 50 MB response whose last item is bad is rejected whole")
    func hugeResponse() throws {
        let clock = ManualClock()
        let store = makeStore(clock: clock)
        let root = query([object("items", [typename, leaf("id"), leaf("body")])])
        try store.publish(["items": []], to: root)
        let before = store.lookup(root)
        clock.advance(by: 1)

        let body = String(repeating: "x", count: 500)
        var items: [JSONValue] = []
        for index in 0..<100_000 {
            items.append(["__typename": "Item", "id": .string(String(index)), "body": .string(body)])
        }
        items[99_999] = ["__typename": "Item", "id": "last"]
        let error = try #require(throws: StoreError.self) { try store.publish(["items": .array(items)], to: root) }
        #expect(error.code == .missingField)
        #expect(error.path == ["items", 99_999, "body"])
        #expect(store.recordCount == 1)
        #expect(store.lookup(root) == before)
    }
}
