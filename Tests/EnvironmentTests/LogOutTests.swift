import Testing
import TransportTesting

@testable import Environment

/// `GraphQLEnvironment.logOut()`: nothing of the user who left is sent or shown afterwards.
@Suite("Log-out")
struct LogOutTests {
    @Test("a log-out drops the queued mutations unsent, rolls back their layers and empties the store")
    func dropsQueue() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "v1"))
        let handle = fixture.environment.attach(item, policy: .storeOrNetwork)
        _ = try await handle.loaded()
        fixture.transport.answer(.operationName("Rename"), with: .failure(OfflineQueueTests.offline))
        for title in ["a", "b"] {
            _ = try await fixture.environment.commit(
                OfflineQueueTests.rename("1", title),
                optimisticResponse: OfflineQueueTests.renamed("1", title + "-optimistic"), queueing: .queueable())
        }
        #expect(fixture.environment.queuedMutations.count == 2)
        #expect(fixture.transport.requestCount == 2)
        handle.release()

        #expect(try fixture.environment.logOut() == 2)
        #expect(fixture.environment.queuedMutations.isEmpty)
        #expect(fixture.environment.store.recordCount == 0)
        #expect(fixture.environment.store.lookup(StoreRoot(operation: item)).isMissingData)

        let replay = await fixture.environment.replayQueuedMutations()
        #expect(replay == ReplayReport())
        #expect(fixture.transport.requestCount == 2)
    }
}

extension LogOutTests {
    @Test("a mutation in flight at the log-out is answered, and its answer is not written")
    func mutationInFlight() async throws {
        let fixture = Fixture()
        fixture.transport.hold(.operationName("Rename"))
        fixture.answer(try OfflineQueueTests.rename("1", "late"), with: OfflineQueueTests.renamed("1", "late"))
        let environment = fixture.environment
        // With an optimistic response, the answer is written through a store transaction.
        let commit = Task {
            try await environment.commit(
                try OfflineQueueTests.rename("1", "late"),
                optimisticResponse: OfflineQueueTests.renamed("1", "late-optimistic"))
        }
        _ = await fixture.transport.request(at: 0)
        #expect(fixture.environment.store.record("Item:1") != nil, "the optimistic layer shows the edit")
        #expect(try fixture.environment.logOut() == 0)
        #expect(fixture.environment.store.record("Item:1") == nil, "the log-out took the layer too")
        fixture.transport.releaseAll()
        let answer = try await commit.value
        #expect(answer.data?["rename"]?["title"] == "late")
        #expect(fixture.environment.store.recordCount == 0)
        #expect(fixture.environment.store.record("Item:1") == nil)
    }
}
