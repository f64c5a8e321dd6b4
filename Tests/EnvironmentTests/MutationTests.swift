import Environment
import Testing

@Suite("Mutations with optimistic responses")
struct MutationTests {
    static func rename(_ title: String) throws -> GraphQLOperation {
        try Operations.operation("Rename", variables: ["id": "1", "title": .string(title)])
    }

    static func renamed(_ title: String) -> JSONValue {
        ["rename": ["__typename": "Item", "id": "1", "title": .string(title)]]
    }

    static func title(_ handle: Handle) -> JSONValue? {
        handle.phase.snapshot?.data?["item"]?["title"]
    }

    @Test("an optimistic write is visible at once and replaced by the server's answer")
    func optimisticThenServer() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.hold(.operationName("Rename"))
        let environment = fixture.environment
        let rename = try Self.rename("server")
        let commit = Task { try await environment.commit(rename, optimisticResponse: Self.renamed("optimistic")) }

        _ = await handle.phase { $0.snapshot?.data?["item"]?["title"] == "optimistic" }
        _ = await fixture.transport.request(at: 0)
        fixture.transport.release(requestAt: 0, with: .data(Self.renamed("server")))
        _ = try await commit.value
        #expect(Self.title(handle) == "server")
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a failed mutation rolls back exactly its optimistic write, also when several overlap")
    func overlappingRollback() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.hold(.operationName("Rename"))
        let environment = fixture.environment
        let first = try Self.rename("a")
        let second = try Self.rename("b")

        let commitA = Task { try await environment.commit(first, optimisticResponse: Self.renamed("a-optimistic")) }
        _ = await handle.phase { $0.snapshot?.data?["item"]?["title"] == "a-optimistic" }
        _ = await fixture.transport.request(at: 0)
        let commitB = Task { try await environment.commit(second, optimisticResponse: Self.renamed("b-optimistic")) }
        _ = await handle.phase { $0.snapshot?.data?["item"]?["title"] == "b-optimistic" }
        _ = await fixture.transport.request(at: 1)

        // B fails: only B's layer goes, A's optimistic write shows again.
        fixture.transport.release(requestAt: 1, with: .failure(TransportError(.cannotConnect, "scripted")))
        await #expect(throws: FetchError.self) { try await commitB.value }
        #expect(Self.title(handle) == "a-optimistic")

        // A answers: its layer goes and the server's data is written, in one notification.
        fixture.transport.release(requestAt: 0, with: .data(Self.renamed("a-server")))
        _ = try await commitA.value
        #expect(Self.title(handle) == "a-server")

        // A last failure with nothing else pending restores exactly the stored data.
        let third = try Self.rename("c")
        let commitC = Task { try await environment.commit(third, optimisticResponse: Self.renamed("c-optimistic")) }
        _ = await fixture.transport.request(at: 2)
        fixture.transport.release(
            requestAt: 2, with: .response(GraphQLResponse(errors: [GraphQLServerError(message: "no")])))
        await #expect(throws: FetchError.self) { try await commitC.value }
        #expect(Self.title(handle) == "a-server")
        #expect(fixture.transport.requestCount == 3)
        handle.release()
    }

    @Test("a conditional optimistic response that is nil sends the mutation without an optimistic write")
    func conditionalOptimisticNil() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        let rename = try Self.rename("server")
        fixture.answer(rename, with: Self.renamed("server"))
        let showOptimistic = handle.phase.snapshot == nil
        // The ternary makes `nil` the JSON null literal, not Optional.none.
        try await fixture.environment.commit(
            rename, optimisticResponse: showOptimistic ? Self.renamed("optimistic") : nil)

        #expect(Self.title(handle) == "server")
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }
}
