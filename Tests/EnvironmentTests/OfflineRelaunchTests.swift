import Foundation
import SQLiteStore
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// Queued mutations over a SQLite file: each launch is a new environment, store and transport over
/// the same file.
@Suite("Offline mutations: the queue across launches")
struct OfflineRelaunchTests {
    final class App {
        let directory: String
        let clock = ManualWallClock()

        init() throws {
            directory = NSTemporaryDirectory() + "/offline-relaunch-tests-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func launch() throws -> (GraphQLEnvironment, ScriptedTransport) {
            let transport = ScriptedTransport()
            let source = try SQLiteRecordSource(path: directory + "/store.sqlite")
            let environment = GraphQLEnvironment(
                schema: Operations.schema, store: Store(clock: clock, source: source), transport: transport,
                clock: clock)
            return (environment, transport)
        }
    }

    @Test(
        "a relaunch between queueing and replay shows the optimistic data with 0 requests, and revalidate() replays exactly the 3 in order"
    )
    func relaunchThenReplay() async throws {
        let app = try App()
        let item = try Operations.item("1")
        do {
            let (environment, transport) = try app.launch()
            try environment.store.publish(Operations.itemData("1", title: "v1"), to: StoreRoot(operation: item))
            transport.answer(.operationName("Rename"), with: .failure(OfflineQueueTests.offline))
            for title in ["a", "b", "c"] {
                let outcome = try await environment.commit(
                    OfflineQueueTests.rename("1", title),
                    optimisticResponse: OfflineQueueTests.renamed("1", title + "-optimistic"), queueing: .queueable())
                #expect(outcome.queued != nil)
            }
            #expect(transport.requestCount == 1)
        }

        let (environment, transport) = try app.launch()
        #expect(environment.queuedMutations.count == 3)
        let handle = environment.attach(item, policy: .storeOnly)
        #expect(OfflineQueueTests.title(handle) == "c-optimistic")
        #expect(transport.requestCount == 0)

        for title in ["a", "b", "c"] {
            transport.answer(
                .identity(try OfflineQueueTests.rename("1", title).identity),
                with: .data(OfflineQueueTests.renamed("1", title + "-server")))
        }
        await environment.revalidate().finished()
        #expect(transport.requestCount == 3)
        #expect(OfflineQueueTests.sentTitles(transport) == ["a", "b", "c"])
        #expect(OfflineQueueTests.title(handle) == "c-server")
        handle.release()

        // Replayed mutations are gone from the file: the next launch queues and sends nothing.
        let (third, thirdTransport) = try app.launch()
        #expect(third.queuedMutations.isEmpty)
        let again = third.attach(item, policy: .storeOnly)
        #expect(OfflineQueueTests.title(again) == "c-server")
        await third.revalidate().finished()
        #expect(thirdTransport.requestCount == 0)
        again.release()
    }

    @Test("with the store in memory the queue lives for the process: a new environment has none")
    func inMemoryQueueIsPerProcess() async throws {
        let fixture = Fixture()
        fixture.transport.answer(.operationName("Rename"), with: .failure(OfflineQueueTests.offline))
        try await fixture.environment.commit(
            OfflineQueueTests.rename("1", "a"), optimisticResponse: OfflineQueueTests.renamed("1", "a"),
            queueing: .queueable())
        #expect(fixture.environment.queuedMutations.count == 1)
        #expect(fixture.store.pendingMutations.isEmpty)
        #expect(Fixture().environment.queuedMutations.isEmpty)
    }
}
