import EventLogTesting
import Testing

@testable import Environment

/// What a write that breaks a retained root's data does to its handles (decision 0033): a heal
/// starts only when the write changed a field the root reads, and a handle that has shown complete
/// data keeps showing it until the answer lands.
@Suite("Heal: only what a write broke, and never a flash")
struct HealTests {
    static func viewer(friend id: String, name: String?) -> JSONValue {
        var friend: JSONObject = ["__typename": "User", "id": .string(id)]
        if let name { friend["name"] = .string(name) }
        return ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bestFriend": .object(friend)]]
    }

    /// A write that points the viewer's best friend at a user the store knows only by id.
    static func breakViewer(_ fixture: Fixture, friend id: String = "3") throws {
        try fixture.store.publish(
            ["unfriend": ["__typename": "User", "id": "1", "bestFriend": ["__typename": "User", "id": .string(id)]]],
            to: StoreRoot(operation: try Operations.operation("Unfriend")))
    }

    static func friendNames(_ phases: [Handle.Phase]) -> [JSONValue?] {
        phases.map { $0.snapshot?.data?["viewer"]?["bestFriend"]?["name"] }
    }

    @Test(
        "the first answer into an empty store heals no root whose own fetch failed: 0 requests until revalidate(), then exactly 5"
    )
    func firstAnswerIntoEmptyStore() async throws {
        let fixture = Fixture()
        let items = try (1...10).map { try Operations.item(String($0)) }
        for (index, item) in items.enumerated() {
            fixture.answer(item, with: Operations.itemData(String(index + 1), title: "t\(index + 1)"))
        }
        fixture.transport.hold(.operationName("Item"))
        let handles = items.map { fixture.environment.attach($0) }
        _ = await fixture.transport.request(at: 9)
        fixture.transport.stopHolding(.operationName("Item"))
        let requests = fixture.transport.requests
        func request(of item: GraphQLOperation) throws -> Int {
            try #require(requests.firstIndex { $0.identity == item.identity })
        }

        for item in items[0..<5] {
            fixture.transport.release(
                requestAt: try request(of: item), with: .failure(TransportError(.cannotConnect, "offline")))
        }
        for handle in handles[0..<5] { #expect(await handle.failure() is FetchError) }
        for item in items[5...] { fixture.transport.release(requestAt: try request(of: item)) }
        for handle in handles[5...] { _ = try await handle.loaded() }

        // Each answer created or changed only its own field of the query root: nothing is healed.
        #expect(fixture.events(named: "fetchStarted").count == 10)
        #expect(fixture.transport.requestCount == 10)
        for handle in handles[0..<5] { #expect(handle.phase.error is FetchError) }

        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 5)
        #expect(revalidation.joined == 0)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 15)
        for handle in handles { #expect(handle.phase.snapshot != nil) }
        for handle in handles { handle.release() }
    }

    @Test("a heal keeps the complete data on screen while its fetch is in flight, then shows the healed data")
    func healShowsNoFlash() async throws {
        let fixture = Fixture()
        let viewer = try Operations.operation("Viewer")
        fixture.transport.answerOnce(.identity(viewer.identity), with: .data(Self.viewer(friend: "2", name: "Grace")))
        let handle = fixture.environment.attach(viewer)
        _ = try await handle.loaded()
        let recorder = PhaseRecorder(handle)
        fixture.transport.hold(.identity(viewer.identity))
        fixture.answer(viewer, with: Self.viewer(friend: "3", name: "Linus"))

        try Self.breakViewer(fixture)
        _ = await fixture.transport.request(at: 1)
        #expect(handle.fetch.isInFlight)
        #expect(handle.snapshot.isMissingData)
        #expect(handle.phase.snapshot?.data?["viewer"]?["bestFriend"]?["name"] == "Grace")

        fixture.transport.releaseAll()
        _ = await handle.phase { $0.snapshot?.data?["viewer"]?["bestFriend"]?["name"] == "Linus" }
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loaded", "loaded"])
        #expect(Self.friendNames(phases) == ["Grace", "Linus"])
    }

    @Test("a heal whose answer still lacks the data goes from the complete data straight to MissingDataError")
    func healThatStillMisses() async throws {
        let fixture = Fixture()
        let viewer = try Operations.operation("Viewer")
        fixture.transport.answerOnce(.identity(viewer.identity), with: .data(Self.viewer(friend: "2", name: "Grace")))
        fixture.answer(viewer, with: Self.viewer(friend: "3", name: nil))
        let handle = fixture.environment.attach(viewer)
        _ = try await handle.loaded()
        let recorder = PhaseRecorder(handle)

        try Self.breakViewer(fixture)
        let missing = try #require(await handle.failure() as? MissingDataError)
        #expect(missing.code == .notInResponse)
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loaded", "failed(MissingDataError)"])
    }

    @Test(
        "a write that breaks the data while a revalidation is in flight keeps the complete data on screen until the answer lands"
    )
    func breakDuringRevalidation() async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let viewer = try Operations.operation("Viewer")
        fixture.transport.answerOnce(.identity(viewer.identity), with: .data(Self.viewer(friend: "2", name: "Grace")))
        let handle = fixture.environment.attach(viewer)
        _ = try await handle.loaded()
        let recorder = PhaseRecorder(handle)
        fixture.clock.advance(by: .seconds(61))
        fixture.transport.hold(.identity(viewer.identity))
        fixture.answer(viewer, with: Self.viewer(friend: "3", name: "Linus"))

        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 1)
        _ = await fixture.transport.request(at: 1)
        try Self.breakViewer(fixture)
        #expect(handle.phase.snapshot?.data?["viewer"]?["bestFriend"]?["name"] == "Grace")
        fixture.transport.releaseAll()
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loaded", "loaded"])
        #expect(Self.friendNames(phases) == ["Grace", "Linus"])
    }

    @Test(
        "a write that breaks the data while an invalidation's fetch is in flight keeps the complete data on screen until the answer lands"
    )
    func breakDuringInvalidation() async throws {
        let fixture = Fixture()
        let viewer = try Operations.operation("Viewer")
        fixture.transport.answerOnce(.identity(viewer.identity), with: .data(Self.viewer(friend: "2", name: "Grace")))
        let handle = fixture.environment.attach(viewer)
        _ = try await handle.loaded()
        let recorder = PhaseRecorder(handle)
        fixture.transport.hold(.identity(viewer.identity))
        fixture.answer(viewer, with: Self.viewer(friend: "3", name: "Linus"))

        let invalidation = fixture.environment.invalidate()
        #expect(invalidation.started == 1)
        _ = await fixture.transport.request(at: 1)
        try Self.breakViewer(fixture)
        #expect(handle.phase.snapshot?.data?["viewer"]?["bestFriend"]?["name"] == "Grace")
        fixture.transport.releaseAll()
        await invalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loaded", "loaded"])
        #expect(Self.friendNames(phases) == ["Grace", "Linus"])
    }
}
