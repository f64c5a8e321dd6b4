import Environment
import Testing

@Suite("Optimistic responses without the __typename the compiler added")
struct OptimisticTypenameTests {
    /// A schema with an interface, for the one place an optimistic response must give the type.
    /// `Note` is there so that `... on Item` does not cover every `Node` (which compiles it away).
    static let document: CompiledDocument = {
        do {
            let schema = try Schema(
                sdl: """
                    interface Node { id: ID! }
                    type User { id: ID! name: String! }
                    type Item implements Node { id: ID! title: String! owner: User }
                    type Note implements Node { id: ID! }
                    type Query { item(id: ID!): Item }
                    type Mutation { touch(id: ID!): Node! }
                    """)
            return try CompiledDocument(
                text: """
                    query Item($id: ID!) { item(id: $id) { title owner { name } } }
                    mutation Touch($id: ID!) { touch(id: $id) { ... on Item { title owner { name } } } }
                    """, schema: schema)
        } catch {
            fatalError("the test document does not compile: \(error)")
        }
    }()

    static func title(_ handle: Handle) -> JSONValue? {
        handle.phase.snapshot?.data?["item"]?["title"]
    }

    /// The values `value` took in `phases`, each change once: what the screen showed in turn.
    static func shown(_ phases: [Handle.Phase], _ value: (Snapshot) -> JSONValue?) -> [JSONValue?] {
        var shown: [JSONValue?] = []
        for phase in phases {
            guard let snapshot = phase.snapshot else { continue }
            let current = value(snapshot)
            if shown.last != current { shown.append(current) }
        }
        return shown
    }

    @Test("an optimistic response without __typename on an object type is shown, then replaced by the answer")
    func concreteTypeFilled() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        let recorder = PhaseRecorder(handle)
        let rename = try Operations.operation("Rename", variables: ["id": "1", "title": "server"])
        fixture.answer(rename, with: ["rename": ["__typename": "Item", "id": "1", "title": "server"]])

        // The app selected only `title`; `id` it must give, `__typename` (Item) is known.
        try await fixture.environment.commit(
            rename, optimisticResponse: ["rename": ["id": "1", "title": "optimistic"]])
        handle.release()

        let titles = Self.shown(await recorder.finished()) { $0.data?["item"]?["title"] }
        #expect(titles == ["v1", "optimistic", "server"])
        #expect(fixture.store.record("Item:1")?.typename == "Item")
        #expect(fixture.transport.requestCount == 1)
    }

    @Test("without __typename on an interface, commit throws a StoreError that says so and changes nothing")
    func abstractTypeRequired() async throws {
        let fixture = Fixture()
        let item = try Self.document.operation(named: "Item", variables: ["id": "1"])
        try fixture.publish(
            ["item": ["__typename": "Item", "id": "1", "title": "v1", "owner": .null]], for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        let before = fixture.store.record("Item:1")
        let touch = try Self.document.operation(named: "Touch", variables: ["id": "1"])

        let error = await #expect(throws: StoreError.self) {
            try await fixture.environment.commit(
                touch, optimisticResponse: ["touch": ["id": "1", "title": "optimistic", "owner": .null]])
        }
        #expect(error?.code == .missingField)
        #expect(error?.path == [.key("touch"), .key("__typename")])
        #expect(error?.message.contains("interface or a union") == true)
        #expect(fixture.store.record("Item:1") == before)
        #expect(Self.title(handle) == "v1")
        #expect(fixture.transport.requestCount == 0)
        #expect(fixture.events(named: "fetchStarted").isEmpty)
        handle.release()
    }

    @Test("under an interface that gives __typename, a nested object type's __typename is filled")
    func nestedUnderAbstractFilled() async throws {
        let fixture = Fixture()
        let item = try Self.document.operation(named: "Item", variables: ["id": "1"])
        try fixture.publish(
            ["item": ["__typename": "Item", "id": "1", "title": "v1", "owner": .null]], for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        let recorder = PhaseRecorder(handle)
        let touch = try Self.document.operation(named: "Touch", variables: ["id": "1"])
        fixture.transport.failOnce(.identity(touch.identity))
        let optimistic: JSONValue = [
            "touch": ["__typename": "Item", "id": "1", "title": "optimistic", "owner": ["id": "7", "name": "Ann"]]
        ]

        // The request fails, so the layer shown meanwhile is rolled back: a FetchError, where a
        // refused optimistic response would have been a StoreError before anything was sent.
        await #expect(throws: FetchError.self) {
            try await fixture.environment.commit(touch, optimisticResponse: optimistic)
        }
        handle.release()

        let owners = Self.shown(await recorder.finished()) { $0.data?["item"]?["owner"]?["name"] ?? .null }
        #expect(owners == [.null, "Ann", .null])
        #expect(fixture.transport.requestCount == 1)
    }
}
