import EventLogTesting
import Testing

@testable import Environment

@Suite("Scenarios the runtime must pass, with exact request counts")
struct ScenarioTests {
    @Test(
        "a burst of revalidations over 20 stale roots sends 20 requests, cancels none, shows no loading, and gives each handle one new value"
    )
    func burst() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let items = try (1...20).map { try Operations.item(String($0)) }
        for (index, item) in items.enumerated() {
            try fixture.publish(Operations.itemData(String(index + 1), title: "old"), for: item)
            fixture.answer(item, with: Operations.itemData(String(index + 1), title: "new"))
        }
        let handles = items.map { fixture.environment.attach($0) }
        #expect(fixture.transport.requestCount == 0)
        let recorders = handles.map(PhaseRecorder.init)

        fixture.clock.advance(by: .seconds(61))
        fixture.transport.hold(.operationName("Item"))
        let first = fixture.environment.revalidate()
        let second = fixture.environment.revalidate()
        let third = fixture.environment.revalidate()
        _ = await fixture.transport.request(at: 19)
        let fourth = fixture.environment.revalidate()
        #expect([first.started, second.started, third.started, fourth.started] == [20, 0, 0, 0])
        #expect([first.joined, second.joined, third.joined, fourth.joined] == [0, 20, 20, 20])
        #expect(fixture.transport.heldRequests.count == 20)
        #expect(handles.allSatisfy { $0.phase.snapshot != nil && $0.fetch.isInFlight })

        fixture.transport.releaseAll()
        await fourth.finished()
        await first.finished()
        #expect(fixture.transport.requestCount == 20)
        #expect(fixture.transport.openRequestCount == 0)
        #expect(fixture.events(named: "fetchStarted").count == 20)
        #expect(fixture.events(named: "fetchShared").count == 60)
        #expect(fixture.events(named: "fetchSucceeded").count == 20)

        for handle in handles { handle.release() }
        for recorder in recorders {
            let phases = await recorder.finished()
            #expect(!phases.contains { $0.isLoading })
            let titles = phases.compactMap { $0.snapshot?.data?["item"]?["title"] }
            #expect(titles == ["old", "new"])
        }
    }

    @Test(
        "a failed fetch overrides freshness: a day-long expiration is refetched by each revalidate until a fetch succeeds, then not until it expires"
    )
    func failedFetchOverridesFreshness() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1", operation: "DayItem")
        fixture.answer(item, with: Operations.itemData("1", title: "a day"))
        fixture.transport.failOnce(.identity(item.identity))
        fixture.transport.failOnce(.identity(item.identity))

        let handle = fixture.environment.attach(item)
        #expect(await handle.failure() is FetchError)
        #expect(fixture.transport.requestCount == 1)

        await fixture.environment.revalidate().finished()
        #expect(fixture.transport.requestCount == 2)
        #expect(handle.fetch.error is FetchError)

        await fixture.environment.revalidate().finished()
        #expect(fixture.transport.requestCount == 3)
        #expect((try? await handle.loaded()) != nil)

        await fixture.environment.revalidate().finished()
        fixture.clock.advance(by: .seconds(86_399))
        await fixture.environment.revalidate().finished()
        #expect(fixture.transport.requestCount == 3)

        fixture.clock.advance(by: .seconds(1))
        await fixture.environment.revalidate().finished()
        #expect(fixture.transport.requestCount == 4)
        handle.release()
    }

    @Test(
        "1,000 attaches of one operation while its fetch is in flight make one request, and every handle gets the data")
    func thousandAttachesShareOneFetch() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "shared"))
        fixture.transport.hold(.identity(item.identity))

        let handles = (0..<1_000).map { _ in fixture.environment.attach(item) }
        _ = await fixture.transport.request(at: 0)
        #expect(fixture.transport.requestCount == 1)
        #expect(handles.allSatisfy { $0.phase.isLoading })

        fixture.transport.releaseAll()
        for handle in handles {
            let snapshot = (try? await handle.loaded())
            #expect(snapshot?.data?["item"]?["title"] == "shared")
        }
        #expect(fixture.transport.requestCount == 1)
        #expect(fixture.events(named: "fetchStarted").count == 1)
        #expect(fixture.events(named: "fetchShared").count == 999)
        for handle in handles { handle.release() }
    }

    @Test(
        "a write that removes a link a retained query reads heals it with one fetch; an answer still lacking the data fails the handle with MissingDataError and sends nothing more until the store changes"
    )
    func healOnceThenMissingData() async throws {
        let fixture = Fixture()
        let viewer = try Operations.operation("Viewer")
        let unfriend = try Operations.operation("Unfriend")
        let complete: JSONValue = [
            "viewer": [
                "__typename": "User", "id": "1", "name": "Ada",
                "bestFriend": ["__typename": "User", "id": "2", "name": "Grace"],
            ]
        ]
        let lacking: JSONValue = [
            "viewer": [
                "__typename": "User", "id": "1", "name": "Ada",
                "bestFriend": ["__typename": "User", "id": "3"],
            ]
        ]
        fixture.transport.answerOnce(.identity(viewer.identity), with: .data(complete))
        fixture.transport.answer(.identity(viewer.identity), with: .data(lacking))

        let handle = fixture.environment.attach(viewer)
        #expect((try? await handle.loaded()) != nil)
        #expect(fixture.transport.requestCount == 1)

        // The mutation's response points the best friend at a user the store knows only by id.
        let mark = fixture.sink.mark()
        try fixture.store.publish(
            ["unfriend": ["__typename": "User", "id": "1", "bestFriend": ["__typename": "User", "id": "3"]]],
            to: StoreRoot(operation: unfriend))
        let failed = try await fixture.sink.nextEvent(after: mark) { $0.name == "fetchFailed" }
        guard case .fetchFailed(_, _, let reason, _, let error) = failed else {
            Issue.record("expected a failed fetch, got \(failed)")
            return
        }
        #expect(reason == .heal)
        #expect(error == .missingData)
        #expect(fixture.transport.requestCount == 2)
        let missing = try #require(await handle.failure() as? MissingDataError)
        #expect(missing.code == .notInResponse)

        // A write that changes nothing the query reads sends nothing; revisiting the same write does not loop.
        try fixture.store.publish(
            ["unfriend": ["__typename": "User", "id": "9", "bestFriend": ["__typename": "User", "id": "3"]]],
            to: StoreRoot(operation: unfriend))
        #expect(fixture.transport.requestCount == 2)

        // The store changes what the query reads again: one more heal.
        let markAgain = fixture.sink.mark()
        try fixture.store.publish(
            ["unfriend": ["__typename": "User", "id": "1", "bestFriend": ["__typename": "User", "id": "4"]]],
            to: StoreRoot(operation: unfriend))
        _ = try await fixture.sink.nextEvent(after: markAgain) { $0.name == "fetchFailed" }
        #expect(fixture.transport.requestCount == 3)
        handle.release()
    }
}
