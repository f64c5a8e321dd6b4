import Environment
import Testing

@Suite("A mutation's response and updater are written together or not at all", .timeLimit(.minutes(3)))
struct MutationUpdaterTests {
    struct UpdaterFailed: Error {}

    /// Items 1 and 2 in the store with a handle reading each, the clock moved on (so any write would
    /// carry a new write time), and the log emptied.
    static func prepared() throws -> (Fixture, [Handle]) {
        let fixture = Fixture()
        let first = try Operations.item("1")
        let second = try Operations.item("2")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: first)
        try fixture.publish(Operations.itemData("2", title: "w1"), for: second)
        let handles = [
            fixture.environment.attach(first, policy: .storeOnly),
            fixture.environment.attach(second, policy: .storeOnly),
        ]
        fixture.clock.advance(by: .seconds(10))
        fixture.sink.removeAll()
        return (fixture, handles)
    }

    /// Stages item 2's new title, as an updater adding what the response cannot say would.
    static func stageSecondItem(_ title: String, in transaction: inout StoreTransaction) throws {
        try transaction.publish(
            Operations.itemData("2", title: title), to: StoreRoot(operation: try Operations.item("2")))
    }

    @Test(
        "an updater that throws leaves every record, write time and handle as they were, and logs the failure",
        arguments: [false, true])
    func updaterThrows(optimistic: Bool) async throws {
        let (fixture, handles) = try Self.prepared()
        let store = fixture.store
        let records = ["Item:1", "Item:2", "client:root", "client:root:mutation"].map { store.record(DataID($0)) }
        let count = store.recordCount
        let snapshots = handles.map(\.phase.snapshot)
        let recorders = handles.map(PhaseRecorder.init)
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(.operationName("Rename"), with: .data(MutationTests.renamed("server")))

        // Spelled out: a bare `nil` in the conditional would become JSON's `null`, not no response.
        let optimisticResponse = optimistic ? Optional(MutationTests.renamed("optimistic")) : Optional.none
        let error = await #expect(throws: FetchError.self) {
            try await fixture.environment.commit(
                rename, optimisticResponse: optimisticResponse
            ) { transaction, _ in
                try Self.stageSecondItem("w2", in: &transaction)
                throw UpdaterFailed()
            }
        }

        #expect(error?.code == .invalidResponse)
        #expect(error?.underlying is UpdaterFailed)
        #expect(
            ["Item:1", "Item:2", "client:root", "client:root:mutation"].map { store.record(DataID($0)) } == records)
        #expect(store.recordCount == count)
        #expect(handles.map(\.phase.snapshot) == snapshots)
        let logged = LoggedOperation(rename)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.mutation), logged.failed(.mutation, .invalidResponse),
            ])
        #expect(fixture.transport.requestCount == 1)
        for handle in handles { handle.release() }
        // The first handle saw the optimistic title come and go, and never the server's; the
        // second was never told anything.
        let firstTitles = await recorders[0].finished().compactMap { $0.snapshot?.data?["item"]?["title"] }
        let secondTitles = await recorders[1].finished().compactMap { $0.snapshot?.data?["item"]?["title"] }
        #expect(firstTitles == (optimistic ? ["v1", "optimistic", "v1"] : ["v1"]))
        #expect(secondTitles == ["w1"])
    }

    @Test("an updater's writes are applied with the response, in one publish, and see it staged")
    func updaterSucceeds() async throws {
        let (fixture, handles) = try Self.prepared()
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(.operationName("Rename"), with: .data(MutationTests.renamed("server")))

        try await fixture.environment.commit(rename, optimisticResponse: MutationTests.renamed("optimistic")) {
            transaction, _ in
            // The response is staged and the optimistic layer already gone.
            guard transaction.record("Item:1")?["title"] == .scalar("server") else { throw UpdaterFailed() }
            try Self.stageSecondItem("w2", in: &transaction)
        }

        let logged = LoggedOperation(rename)
        // Item:1's title, the mutation root's link to Item:1 and Item:2's title; both handles told.
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.mutation),
                .published(recordsChanged: 3, subscriptionsNotified: 2),
                logged.succeeded(.mutation),
            ])
        #expect(handles.map(MutationTests.title) == ["server", "w2"])
        #expect(fixture.transport.requestCount == 1)
        for handle in handles { handle.release() }
    }
}
