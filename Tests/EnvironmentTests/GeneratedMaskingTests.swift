import EventLogTesting
import Foundation
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// Code that `GraphQLCodegenPlugin` generates for `Masking/` with data masking on, attached end to
/// end: the list's data hands each row a reference, and each cell reads its own fields through it.
@Suite("Generated masked fragments", .timeLimit(.minutes(3)))
struct GeneratedMaskingTests {
    /// The schema the code was generated from, so that the generated texts compile here.
    static let sdl: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Masking/schema.graphqls")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    struct Setup {
        let transport = ScriptedTransport()
        let environment: GraphQLEnvironment

        init() throws {
            environment = GraphQLEnvironment(
                schema: try Schema(sdl: GeneratedMaskingTests.sdl), transport: transport, clock: ManualWallClock(),
                log: InMemoryEventSink())
        }
    }

    static func user(_ id: String, name: String, friend: JSONValue = nil) -> JSONValue {
        [
            "__typename": "User", "id": .string(id), "handle": .string("@" + id), "name": .string(name),
            "bestFriend": friend,
        ]
    }

    static func feed(_ first: String, _ second: String) -> JSONValue {
        let friend: JSONValue = ["__typename": "User", "id": "2", "name": .string(second)]
        return ["feed": [user("1", name: first, friend: friend), user("2", name: second)]]
    }

    @Test("the generated list hands each row a reference, and each cell attaches it and reads its fields, unsent")
    func cellsThroughReferences() async throws {
        let setup = try Setup()
        setup.transport.answer(.operationName("MaskedFeed"), with: .data(Self.feed("Ada", "Bea")))
        let list = try setup.environment.attach(MaskedFeedQuery())
        let parent = try await list.loaded()
        #expect(
            parent.feed.map(\.maskedUserCell) == [.init(typename: "User", id: "1"), .init(typename: "User", id: "2")])
        #expect(parent.feed.map(\.handle) == ["@1", "@2"])
        // Masked: the row's object keeps what the list selects itself and the reference's keys, none of
        // the cell's fields, so a change of a cell's field does not change the list's data.
        #expect(parent.feed[0].__data.keys == ["handle", "__typename", "id"])

        let cells = try parent.feed.map { try setup.environment.attach($0.maskedUserCell) }
        #expect(cells.map { $0.data?.name } == ["Ada", "Bea"])
        #expect(cells[0].data?.bestFriend?.name == "Bea")
        #expect(cells[1].data?.bestFriend == nil)
        #expect(setup.transport.requestCount == 1)

        setup.transport.answer(.operationName("MaskedFeed"), with: .data(Self.feed("Grace", "Bea")))
        _ = try await list.refetch()
        #expect(cells.map { $0.data?.name } == ["Grace", "Bea"])
        #expect(setup.transport.requestCount == 2)
    }

    @Test("a generated fragment attached by id sends its node query once and decodes the record")
    func cellByID() async throws {
        let setup = try Setup()
        setup.transport.answer(
            .operationName("MaskedUserCellNode"), with: .data(["node": Self.user("7", name: "Seven")]))
        let cell = try setup.environment.attach(MaskedUserCell.self, id: "7")
        let data = try await cell.loaded()
        #expect(data == cell.data && data.name == "Seven" && data.__data["id"] == "7" && data.bestFriend == nil)
        #expect(setup.transport.requestCount == 1)
        #expect(setup.transport.requests.first?.variables == ["id": "7"])
    }
}
