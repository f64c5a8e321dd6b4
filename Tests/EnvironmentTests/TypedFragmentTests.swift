import EventLogTesting
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// Generated fragments attached typed: through the reference a masked parent hands its cell, or
/// through the object's id.
@Suite("Typed fragments", .timeLimit(.minutes(3)))
struct TypedFragmentTests {
    static let sdl = """
        interface Node { id: ID! }
        type Query { node(id: ID!): Node feed: [User!]! }
        type User implements Node { id: ID! name: String! bestFriend: User }
        """

    /// What the generator makes of `fragment UserCell on User { name bestFriend { name } }`.
    struct UserCellFragment: GraphQLTypedFragment {
        static let fragmentName = "UserCell"
        static let typeCondition = "User"
        static let text = "fragment UserCell on User { name bestFriend { name __typename id } __typename id }"

        struct Data: Decodable, Sendable, Hashable {
            struct BestFriend: Decodable, Sendable, Hashable {
                var name: String
            }
            var name: String
            var bestFriend: BestFriend?
            var __typename: String?
            var id: String?
        }
    }

    /// A masked parent: `query Feed { feed { ...UserCell } }` hands each cell its reference and
    /// holds none of the cell's fields.
    struct FeedData: Decodable, Sendable {
        struct User: Decodable, Sendable {
            var userCell: GraphQLFragmentReference<UserCellFragment>
            init(from decoder: any Decoder) throws { userCell = try .init(from: decoder) }
        }
        var feed: [User]
    }

    static let feedText = """
        query Feed { feed { __typename id ...UserCell } }
        fragment UserCell on User { name bestFriend { name } }
        """

    struct Setup {
        let transport = ScriptedTransport()
        let environment: GraphQLEnvironment

        init(sdl: String = TypedFragmentTests.sdl) throws {
            environment = GraphQLEnvironment(
                schema: try Schema(sdl: sdl), transport: transport, clock: ManualWallClock(), log: InMemoryEventSink())
        }
    }

    static func user(_ id: String, name: String) -> JSONValue {
        ["__typename": "User", "id": .string(id), "name": .string(name), "bestFriend": nil]
    }

    @Test("each cell attaches the reference its masked parent hands it and reads its fields typed, unsent")
    func throughReferences() async throws {
        let setup = try Setup()
        let feed = try CompiledDocument(text: Self.feedText, schema: setup.environment.schema).operation(named: "Feed")
        setup.transport.answer(
            .identity(feed.identity), with: .data(["feed": [Self.user("1", name: "Ada"), Self.user("2", name: "Bea")]]))
        let list = setup.environment.attach(feed, as: FeedData.self)
        let parent = try await list.loaded()
        #expect(parent.feed.map(\.userCell) == [.init(typename: "User", id: "1"), .init(typename: "User", id: "2")])

        let cells = try parent.feed.map { try setup.environment.attach($0.userCell) }
        #expect(cells.map { $0.data?.name } == ["Ada", "Bea"])
        #expect(cells.first?.data == .init(name: "Ada", bestFriend: nil, __typename: "User", id: "1"))
        #expect(setup.transport.requestCount == 1)

        let renamed: JSONValue = ["feed": [Self.user("1", name: "Grace"), Self.user("2", name: "Bea")]]
        setup.transport.answer(.identity(feed.identity), with: .data(renamed))
        _ = try await list.refetch()
        #expect(cells.map { $0.data?.name } == ["Grace", "Bea"])
        #expect(setup.transport.requestCount == 2)
    }

    @Test("a fragment attached by id fetches its record through node(id:) once and decodes it")
    func byID() async throws {
        let setup = try Setup()
        setup.transport.answer(.operationName("UserCellNode"), with: .data(["node": Self.user("7", name: "Seven")]))
        let cell = try setup.environment.attach(UserCellFragment.self, id: "7")
        let data = try await cell.loaded()
        #expect(data.name == "Seven")
        #expect(data.id == "7")
        #expect(setup.transport.requestCount == 1)
        #expect(setup.transport.requests.first?.variables == ["id": "7"])
    }

    @Test("a list's cells compile the fragment's text once, whatever their ids")
    func compiledOnce() throws {
        let setup = try Setup()
        let cells = try (1...20).map {
            try setup.environment.attach(UserCellFragment.self, id: String($0), policy: .storeOnly)
        }
        #expect(Set(cells.map(\.handle.operation.identity)).count == 20)
        let documents = setup.environment.typedOperations.withLock { $0.documents.count }
        #expect(documents == 1)
        #expect(setup.transport.requestCount == 0)
    }

    @Test("a fragment generated from another schema is refused with the compiler's error, unsent")
    func otherSchema() throws {
        let setup = try Setup(
            sdl: """
                interface Node { id: ID! }
                type Query { node(id: ID!): Node }
                type User implements Node { id: ID! }
                """)
        #expect(throws: GraphQLCoreError.self) {
            try setup.environment.attach(UserCellFragment.self, id: "1")
        }
        #expect(setup.environment.typedOperations.withLock { $0.documents.isEmpty })
        #expect(setup.transport.requestCount == 0)
    }
}
