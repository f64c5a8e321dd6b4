import EventLogTesting
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// A list cell observing its own entity through a fragment: read from the record, retained,
/// collected, fetched through `node(id:)` when its data is missing.
@Suite("Fragment handles", .timeLimit(.minutes(3)))
struct FragmentHandleTests {
    static let sdl = """
        interface Node { id: ID! }
        type Query { node(id: ID!): Node feed: [User!]! }
        type User implements Node { id: ID! name: String! bestFriend: User }
        """
    static let text = """
        query Feed { feed { id ...UserCell } }
        fragment UserCell on User { name bestFriend { name } }
        """

    struct Setup {
        let transport = ScriptedTransport()
        let environment: GraphQLEnvironment
        let document: CompiledDocument

        init(sdl: String = FragmentHandleTests.sdl, releaseBufferSize: Int = 10) throws {
            let schema = try Schema(sdl: sdl)
            document = try CompiledDocument(text: FragmentHandleTests.text, schema: schema)
            environment = GraphQLEnvironment(
                schema: schema, transport: transport, clock: ManualWallClock(), log: InMemoryEventSink(),
                configuration: EnvironmentConfiguration(releaseBufferSize: releaseBufferSize))
        }
    }

    static func user(_ id: String, name: String) -> JSONValue {
        ["__typename": "User", "id": .string(id), "name": .string(name), "bestFriend": nil]
    }

    @Test("a cell reads its entity from what the list's query wrote, with no request, and follows later writes")
    func readsFromTheList() async throws {
        let setup = try Setup()
        let feed = try setup.document.operation(named: "Feed")
        setup.transport.answer(.identity(feed.identity), with: .data(["feed": [Self.user("1", name: "Ada")]]))
        let list = setup.environment.attach(feed)
        _ = try await list.loaded()

        let cell = try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "1")
        let snapshot = try #require(cell.phase.snapshot)
        #expect(snapshot.data == ["name": "Ada", "bestFriend": nil])
        #expect(setup.transport.requestCount == 1)

        setup.transport.answer(.identity(feed.identity), with: .data(["feed": [Self.user("1", name: "Grace")]]))
        _ = try await list.refetch()
        #expect(cell.phase.snapshot?.data?["name"] == "Grace")
        #expect(setup.transport.requestCount == 2)
    }

    @Test("a cell whose record is not in the store fetches it through node(id:), once")
    func fetchesThroughNode() async throws {
        let setup = try Setup()
        setup.transport.answer(.operationName("UserCellNode"), with: .data(["node": Self.user("7", name: "Seven")]))
        let cell = try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "7")
        let snapshot = try await cell.loaded()
        #expect(snapshot.data == ["name": "Seven", "bestFriend": nil])
        #expect(setup.transport.requestCount == 1)
        let request = try #require(setup.transport.requests.first)
        #expect(request.variables == ["id": "7"])
        #expect(request.text.contains("node(id:$id)"))
    }

    @Test("the cells of a list compile their node(id:) query once, whatever their ids")
    func nodeQueryCompiledOnce() throws {
        let setup = try Setup()
        let cells = try (1...20).map {
            try setup.environment.attach(fragment: "UserCell", in: setup.document, id: String($0), policy: .storeOnly)
        }
        #expect(Set(cells.map(\.operation.identity)).count == 20)
        #expect(setup.environment.typedOperations.withLock { $0.nodeQueries.count } == 1)
        #expect(setup.transport.requestCount == 0)
    }

    @Test("a document compiled with other key fields gets its own node(id:) query, not the first one's")
    func nodeQueryPerOptions() throws {
        let setup = try Setup()
        let schema = try #require(setup.environment.schema)
        let options = CompilationOptions(keyFields: ["User": ["id", "name"]])
        let keyedDocument = try CompiledDocument(text: Self.text, schema: schema, options: options)
        let plain = try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "1", policy: .storeOnly)
        let keyed = try setup.environment.attach(fragment: "UserCell", in: keyedDocument, id: "1", policy: .storeOnly)
        let expected = try CompiledDocument(
            text: keyedDocument.nodeQueryText(forFragment: "UserCell"), schema: schema, options: options
        ).operation(named: "UserCellNode", variables: ["id": "1"])
        #expect(keyed.operation.text == expected.text)
        #expect(keyed.operation.text != plain.operation.text)
        #expect(setup.environment.typedOperations.withLock { $0.nodeQueries.count } == 2)
    }

    @Test("a cell's retention keeps its record after the list is gone; its release lets collection free it")
    func retention() async throws {
        let setup = try Setup(releaseBufferSize: 0)
        let feed = try setup.document.operation(named: "Feed")
        setup.transport.answer(.identity(feed.identity), with: .data(["feed": [Self.user("1", name: "Ada")]]))
        let list = setup.environment.attach(feed)
        _ = try await list.loaded()
        let cell = try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "1")

        list.release()
        setup.environment.collectGarbage()
        #expect(setup.environment.store.record("User:1") != nil)
        #expect(cell.phase.snapshot?.data?["name"] == "Ada")

        cell.release()
        setup.environment.collectGarbage()
        #expect(setup.environment.store.record("User:1") == nil)
        #expect(setup.transport.requestCount == 1)
    }

    @Test("a write that leaves the cell's data incomplete heals it with one node(id:) request")
    func heals() async throws {
        let setup = try Setup()
        let feed = try setup.document.operation(named: "Feed")
        setup.transport.answer(.identity(feed.identity), with: .data(["feed": [Self.user("1", name: "Ada")]]))
        let list = setup.environment.attach(feed)
        _ = try await list.loaded()
        let cell = try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "1")
        #expect(cell.phase.snapshot != nil)

        // Another answer links a best friend whose name the store does not have.
        var friend: JSONObject = ["__typename": "User", "id": "2"]
        friend.appendNew(key: "name", value: .string("Bea"))
        setup.transport.answer(
            .operationName("UserCellNode"),
            with: .data(["node": ["__typename": "User", "id": "1", "name": "Ada", "bestFriend": .object(friend)]]))
        try setup.environment.store.publish(
            ["node": ["__typename": "User", "id": "1", "bestFriend": ["__typename": "User", "id": "2"]]],
            to: StoreRoot(
                selectionSet: try CompiledDocument(
                    text: "query Link { node(id: \"1\") { ... on User { bestFriend { id } } } }",
                    schema: setup.environment.schema
                ).operation().selectionSet))
        let healed = try await cell.reaches({ $0.snapshot?.data?["bestFriend"]?["name"] == "Bea" })
        #expect(healed)
        #expect(setup.transport.requests(named: "UserCellNode").count == 1)
        // The list spreads the same fragment, so its data is incomplete too, and it heals itself.
        #expect(setup.transport.requests(for: feed.identity).count == 2)
        #expect(setup.transport.requestCount == 3)
    }

    @Test("without node(id:) in the schema: storeOnly reads the record; a policy that may fetch is refused unsent")
    func withoutNode() async throws {
        let setup = try Setup(
            sdl: """
                type Query { feed: [User!]! }
                type User { id: ID! name: String! bestFriend: User }
                """)
        #expect(throws: HandleError.self) {
            try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "1")
        }
        let cell = try setup.environment.attach(fragment: "UserCell", in: setup.document, id: "1", policy: .storeOnly)
        #expect(cell.phase.error is MissingDataError)
        let feed = try setup.document.operation(named: "Feed")
        setup.transport.answer(.identity(feed.identity), with: .data(["feed": [Self.user("1", name: "Ada")]]))
        _ = try await setup.environment.attach(feed).loaded()
        #expect(cell.phase.snapshot?.data?["name"] == "Ada")
        #expect(setup.transport.requestCount == 1)
    }
}

extension Handle {
    /// Whether a phase that matches `predicate` comes (the current one included).
    fileprivate func reaches(_ predicate: (Phase) -> Bool) async throws -> Bool {
        await phase(where: predicate) != nil
    }
}
