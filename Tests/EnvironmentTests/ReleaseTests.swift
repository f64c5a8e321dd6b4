import EventLogTesting
@_spi(Runtime) import Scheduling
import Testing

@testable import Environment

@Suite("Release and garbage collection")
struct ReleaseTests {
    @Test("a release during a fetch in flight still publishes its response, and starts nothing after it")
    func releaseDuringFetch() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "late"))
        fixture.transport.hold(.any)
        let handle = fixture.environment.attach(item)
        _ = await fixture.transport.request(at: 0)
        let batch = fixture.environment.revalidate()
        #expect(batch.joined == 1)

        handle.release()
        handle.release()
        #expect(fixture.events(named: "handleReleased").count == 1)
        fixture.transport.releaseAll()
        await batch.finished()

        #expect(fixture.store.record("Item:1")?.typename == "Item")
        #expect(handle.phase.isLoading)
        await fixture.environment.revalidate().finished()
        await fixture.environment.invalidate().finished()
        #expect(fixture.transport.requestCount == 1)
        #expect(fixture.environment.state.withLock { $0.retentions.retainedRoots.isEmpty })
    }

    @Test("the last reference going away releases the handle")
    func deinitReleases() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        do {
            let handle = fixture.environment.attach(item, policy: .storeOnly)
            #expect(handle.phase.snapshot != nil)
        }
        #expect(fixture.events(named: "handleReleased").count == 1)
        #expect(fixture.environment.state.withLock { $0.retentions.retainedRoots.isEmpty })
    }

    @Test("collection after the last release removes the root's records and keeps records another handle reads")
    func releaseThenCollect() async throws {
        let fixture = Fixture(releaseBufferSize: 0)
        let feed = try Operations.operation("Feed")
        let one = try Operations.item("1")
        let two = try Operations.item("2")
        try fixture.publish(
            [
                "feed": [
                    ["__typename": "Item", "id": "1", "title": "one"],
                    ["__typename": "Item", "id": "3", "title": "three"],
                ]
            ], for: feed)
        try fixture.publish(Operations.itemData("1", title: "one"), for: one)
        try fixture.publish(Operations.itemData("2", title: "two"), for: two)
        let feedHandle = fixture.environment.attach(feed, policy: .storeOnly)
        let oneHandle = fixture.environment.attach(one, policy: .storeOnly)
        let twoHandle = fixture.environment.attach(two, policy: .storeOnly)
        #expect(fixture.store.record("Item:2") != nil)

        var mark = fixture.sink.mark()
        twoHandle.release()
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "collected" }
        #expect(fixture.store.record("Item:2") == nil)
        #expect(fixture.store.record("Item:1") != nil)
        #expect(fixture.store.record("Item:3") != nil)

        mark = fixture.sink.mark()
        oneHandle.release()
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "collected" }
        #expect(fixture.store.record("Item:1") != nil, "the feed still reads Item:1")
        #expect(feedHandle.phase.snapshot?.isMissingData == false)

        mark = fixture.sink.mark()
        feedHandle.release()
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "collected" }
        #expect(fixture.store.record("Item:1") == nil)
        #expect(fixture.store.record("Item:3") == nil)
    }

    @Test("the release buffer keeps a released root's records until it is pushed out")
    func releaseBufferKeeps() async throws {
        let fixture = Fixture(releaseBufferSize: 1)
        let one = try Operations.item("1")
        let two = try Operations.item("2")
        try fixture.publish(Operations.itemData("1", title: "one"), for: one)
        try fixture.publish(Operations.itemData("2", title: "two"), for: two)
        let oneHandle = fixture.environment.attach(one, policy: .storeOnly)
        let twoHandle = fixture.environment.attach(two, policy: .storeOnly)

        oneHandle.release()
        fixture.environment.collectGarbage()
        #expect(fixture.store.record("Item:1") != nil)

        twoHandle.release()
        fixture.environment.collectGarbage()
        #expect(fixture.store.record("Item:1") == nil)
        #expect(fixture.store.record("Item:2") != nil)
    }

    @Test(
        "revalidate sweeps exactly the roots held now, through releases, re-attaches from the release buffer and evictions"
    )
    func sweepFollowsRetention() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60), releaseBufferSize: 1)
        let ids = ["a", "b", "c", "d"]
        let items = try ids.map { try Operations.item($0) }
        for (id, item) in zip(ids, items) {
            fixture.answer(item, with: Operations.itemData(id, title: id))
            try fixture.publish(Operations.itemData(id, title: id), for: item)
        }
        let (a, b, c, d) = (items[0], items[1], items[2], items[3])
        func requests(_ item: GraphQLOperation) -> Int { fixture.transport.requests(for: item.identity).count }
        func inStep() -> Bool { fixture.environment.state.withLock { $0.retained.isInStep(with: $0.retentions) } }

        let aHandle = fixture.environment.attach(a)
        let bHandle = fixture.environment.attach(b)
        let cHandle = fixture.environment.attach(c, policy: .storeOnly)
        let dNetwork = fixture.environment.attach(d)
        let dStoreOnly = fixture.environment.attach(d, policy: .storeOnly)
        #expect(fixture.transport.requestCount == 0)
        #expect(inStep())

        fixture.clock.advance(by: .seconds(61))
        let first = fixture.environment.revalidate()
        #expect(first.started == 3)
        await first.finished()
        #expect([requests(a), requests(b), requests(c), requests(d)] == [1, 1, 0, 1])

        // b waits in the release buffer; d is held by its storeOnly holder alone.
        bHandle.release()
        dNetwork.release()
        #expect(inStep())
        fixture.clock.advance(by: .seconds(61))
        let second = fixture.environment.revalidate()
        #expect(second.started == 1)
        await second.finished()
        #expect([requests(a), requests(b), requests(c), requests(d)] == [2, 1, 0, 1])

        // a's release pushes b out of the buffer; b comes back as a new root, a from the buffer.
        aHandle.release()
        #expect(inStep())
        let mark = fixture.sink.mark()
        let bAgain = fixture.environment.attach(b)
        let aAgain = fixture.environment.attach(a, policy: .storeOnly)
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "fetchSucceeded" }
        #expect([requests(a), requests(b), requests(c), requests(d)] == [2, 2, 0, 1])
        #expect(inStep())

        fixture.clock.advance(by: .seconds(61))
        let third = fixture.environment.revalidate()
        #expect(third.started == 1)
        await third.finished()
        #expect([requests(a), requests(b), requests(c), requests(d)] == [2, 3, 0, 1])

        for handle in [aAgain, bAgain, cHandle, dStoreOnly] { handle.release() }
        #expect(inStep())
        #expect(fixture.environment.state.withLock { $0.retained.slots.isEmpty })
        await fixture.environment.invalidate().finished()
        #expect(fixture.transport.requestCount == 6)
    }

    @Test("1,000 attaches and releases from many tasks share one request per operation and leave nothing retained")
    func concurrentAttachesAndReleases() async throws {
        let fixture = Fixture()
        let items = try (0..<10).map { try Operations.item(String($0)) }
        for (index, item) in items.enumerated() {
            fixture.answer(item, with: Operations.itemData(String(index), title: "t\(index)"))
        }
        fixture.transport.hold(.any)
        let sink = InMemoryEventSink()
        let environment = GraphQLEnvironment(
            schema: Operations.schema, transport: fixture.transport, clock: fixture.clock, log: sink)
        let kept = await withTaskGroup(of: Handle?.self, returning: [Handle].self) { group in
            for index in 0..<1_000 {
                let item = items[index % items.count]
                let policy: FetchPolicy = index % 4 == 0 ? .storeOnly : .storeOrNetwork
                group.addTask {
                    let handle = environment.attach(item, policy: policy)
                    if index % 3 == 0 { environment.revalidate() }
                    guard index % 2 == 0 else { return handle }
                    handle.release()
                    return nil
                }
            }
            var kept: [Handle] = []
            for await handle in group { if let handle { kept.append(handle) } }
            return kept
        }
        // Requests go out from their own tasks: wait for the tenth, then check no eleventh came.
        _ = await fixture.transport.request(at: 9)
        #expect(fixture.transport.requestCount == 10)
        fixture.transport.releaseAll()
        for handle in kept { #expect((try? await handle.loaded()) != nil) }
        await withTaskGroup(of: Void.self) { group in
            for handle in kept { group.addTask { handle.release() } }
        }
        #expect(fixture.transport.requestCount == 10)
        #expect(environment.state.withLock { $0.retentions.retainedRoots.isEmpty })
        #expect(environment.state.withLock { $0.registry.inFlightCount } == 0)
        #expect(sink.events.filter { $0.name == "handleAttached" }.count == 1_000)
        #expect(sink.events.filter { $0.name == "handleReleased" }.count == 1_000)
    }
}
