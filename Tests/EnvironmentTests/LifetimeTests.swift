import Environment
import EventLogTesting
import Testing

@Suite("Lifetime: the policy stays with its holder, and revalidate() marks nothing")
struct LifetimeTests {
    @Test(
        "a storeOnly holder is fetched for by neither an invalidation nor a revalidation; a holder that allows the network is, while it holds"
    )
    func storeOnlyHolderIsNotFetchedFor() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "from the server"))
        try fixture.publish(Operations.itemData("1", title: "cached"), for: item)

        let storeOnly = fixture.environment.attach(item, policy: .storeOnly)
        #expect((try? await storeOnly.loaded()) != nil)
        await fixture.environment.invalidate().finished()
        fixture.clock.advance(by: .seconds(61))
        await fixture.environment.revalidate().finished()
        #expect(fixture.transport.requestCount == 0)

        // Fresh data again, then a second holder that allows the network: its attach sends nothing.
        try fixture.publish(Operations.itemData("1", title: "cached again"), for: item)
        let network = fixture.environment.attach(item, policy: .storeOrNetwork)
        #expect(fixture.transport.requestCount == 0)

        let invalidation = fixture.environment.invalidate()
        #expect(invalidation.started == 1)
        await invalidation.finished()
        #expect(fixture.transport.requestCount == 1)

        fixture.clock.advance(by: .seconds(61))
        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 1)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)

        network.release()
        await fixture.environment.invalidate().finished()
        fixture.clock.advance(by: .seconds(61))
        await fixture.environment.revalidate().finished()
        #expect(fixture.transport.requestCount == 2)
        #expect(storeOnly.phase.snapshot != nil)
        storeOnly.release()
    }

    @Test(
        "revalidate refetches a retained handle that is stale and one whose last fetch failed, leaves a fresh one alone, and marks nothing"
    )
    func revalidateRefetchesStaleAndFailed() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let stale = try Operations.item("stale")
        let failed = try Operations.item("failed")
        let fresh = try Operations.item("fresh", operation: "HourItem")
        fixture.answer(stale, with: Operations.itemData("stale", title: "s"))
        fixture.answer(failed, with: Operations.itemData("failed", title: "f"))
        fixture.answer(fresh, with: Operations.itemData("fresh", title: "h"))
        fixture.transport.failOnce(.identity(failed.identity))

        let staleHandle = fixture.environment.attach(stale)
        let failedHandle = fixture.environment.attach(failed)
        let freshHandle = fixture.environment.attach(fresh)
        #expect((try? await staleHandle.loaded()) != nil)
        #expect(await failedHandle.failure() is FetchError)
        #expect((try? await freshHandle.loaded()) != nil)
        #expect(fixture.transport.requestCount == 3)

        fixture.clock.advance(by: .seconds(120))
        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 2)
        await revalidation.finished()
        #expect(fixture.transport.requests(for: stale.identity).count == 2)
        #expect(fixture.transport.requests(for: failed.identity).count == 2)
        #expect(fixture.transport.requests(for: fresh.identity).count == 1)
        #expect(failedHandle.phase.snapshot != nil)

        // Nothing was marked: no invalidation point, and a second call right after sends nothing.
        #expect(fixture.store.invalidationPoint == nil)
        let again = fixture.environment.revalidate()
        #expect(again.started == 0)
        await again.finished()
        #expect(fixture.transport.requestCount == 5)
        for handle in [staleHandle, failedHandle, freshHandle] { handle.release() }
    }
}
