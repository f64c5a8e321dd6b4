import Testing

@testable import Environment

/// A root's snapshots reach the runtime by two paths: a fetch's own write reports its snapshot, and
/// the store subscription's callback brings other writes'. A callback runs on the writing thread
/// and may land late; a handle never goes back to older data for it.
@Suite("Snapshot order")
struct SnapshotOrderTests {
    @Test("a store delivery older than the snapshot a fetch's answer showed leaves the handles as they are")
    func olderDeliveryAfterAnswer() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "elsewhere"), for: item)
        fixture.answer(item, with: Operations.itemData("1", title: "new"))
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        // Another write's snapshot, as the root's store subscription delivered it.
        try fixture.publish(Operations.itemData("1", title: "older"), for: item)
        let older = handle.snapshot
        #expect(older.data?["item"]?["title"] == "older")
        let recorder = PhaseRecorder(handle)
        let fetched = fixture.environment.attach(item, policy: .networkOnly)
        _ = try await fetched.loaded()
        #expect(handle.snapshot.data?["item"]?["title"] == "new")

        // The callback with the older snapshot, still running on the thread that wrote it, lands
        // after the fetch's completion showed the newer one.
        fixture.environment.storeChanged(item.identity, older)
        #expect(handle.snapshot.data?["item"]?["title"] == "new")
        #expect(fetched.snapshot.data?["item"]?["title"] == "new")
        #expect(fixture.transport.requestCount == 1)
        handle.release()
        fetched.release()
        let phases = await recorder.finished()
        #expect(phases.map { $0.snapshot?.data?["item"]?["title"] } == ["older", "new"])
    }
}
