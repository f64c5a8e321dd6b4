import Testing

@testable import Environment

/// `invalidate()` while a fetch is in flight (decision 0130): the answer requested before it is
/// written stale, and one follow-up request brings data requested after it.
@Suite("Invalidation during a fetch in flight")
struct InvalidationTests {
    @Test(
        "invalidate() during a fetch in flight: 1 request in flight, 0 new until it lands, then exactly 1 follow-up, then revalidate() sends 0"
    )
    func invalidateDuringFetch() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let item = try Operations.item("1")
        fixture.transport.hold(.identity(item.identity))
        let handle = fixture.environment.attach(item)
        let recorder = PhaseRecorder(handle)
        _ = await fixture.transport.request(at: 0)
        fixture.transport.stopHolding(.identity(item.identity))
        fixture.answer(item, with: Operations.itemData("1", title: "after"))

        let invalidation = fixture.environment.invalidate()
        #expect(invalidation.started == 0)
        #expect(invalidation.joined == 1)
        #expect(fixture.transport.requestCount == 1)
        #expect(fixture.events(named: "fetchStarted").count == 1)

        fixture.transport.release(requestAt: 0, with: .data(Operations.itemData("1", title: "before")))
        await invalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        #expect(fixture.transport.requests(for: item.identity).count == 2)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "after")
        #expect(!fixture.store.check(StoreRoot(operation: item)).isInvalidated)

        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 0)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loading", "loaded", "loaded"])
        #expect(phases.map { $0.snapshot?.data?["item"]?["title"] } == [nil, "before", "after"])
    }

    @Test("staleness runs from when the request was sent: an answer that took 30 s is stale 60 s after its request")
    func stalenessFromTheRequest() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "slow"))
        fixture.transport.hold(.identity(item.identity))
        let handle = fixture.environment.attach(item)
        _ = await fixture.transport.request(at: 0)
        fixture.clock.advance(by: .seconds(30))
        fixture.transport.releaseAll()
        _ = try await handle.loaded()

        fixture.clock.advance(by: .seconds(29))
        #expect(fixture.environment.revalidate().started == 0)
        fixture.clock.advance(by: .seconds(1))
        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 1)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        handle.release()
    }

    @Test(
        "a fetch in flight that fails after invalidate() gets no follow-up; the next revalidate() retries it: 1, 0 more, then 1"
    )
    func failedFetchIsRetriedByRevalidate() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "t"))
        fixture.transport.hold(.identity(item.identity))
        let handle = fixture.environment.attach(item)
        _ = await fixture.transport.request(at: 0)
        fixture.transport.stopHolding(.identity(item.identity))
        let invalidation = fixture.environment.invalidate()
        fixture.transport.release(requestAt: 0, with: .failure(TransportError(.cannotConnect, "offline")))
        await invalidation.finished()
        #expect(fixture.transport.requestCount == 1)
        #expect(handle.fetch.error is FetchError)

        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 1)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        #expect(handle.phase.snapshot != nil)
        handle.release()
    }

    @Test("a fetch in flight whose only holder is released during the invalidation gets no follow-up")
    func releasedRootGetsNoFollowUp() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "t"))
        fixture.transport.hold(.identity(item.identity))
        let handle = fixture.environment.attach(item)
        _ = await fixture.transport.request(at: 0)
        let invalidation = fixture.environment.invalidate()
        handle.release()
        fixture.transport.releaseAll()
        await invalidation.finished()
        #expect(fixture.transport.requestCount == 1)
    }
}
