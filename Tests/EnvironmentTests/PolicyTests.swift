import Environment
import Testing

@Suite("Fetch policies at attach, against every state of the store")
struct PolicyTests {
    enum StoreState: String, CaseIterable, Sendable {
        case noData, fresh, stale, missingData
    }

    enum FirstPhase: Sendable {
        case loading, loaded, missingData
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var policy: FetchPolicy
        var store: StoreState
        var requests: Int
        var first: FirstPhase
        var testDescription: String { "\(policy) with \(store.rawValue)" }
    }

    static let cases: [Case] = [
        Case(policy: .storeOnly, store: .noData, requests: 0, first: .missingData),
        Case(policy: .storeOnly, store: .fresh, requests: 0, first: .loaded),
        Case(policy: .storeOnly, store: .stale, requests: 0, first: .loaded),
        Case(policy: .storeOnly, store: .missingData, requests: 0, first: .missingData),
        Case(policy: .storeOrNetwork, store: .noData, requests: 1, first: .loading),
        Case(policy: .storeOrNetwork, store: .fresh, requests: 0, first: .loaded),
        Case(policy: .storeOrNetwork, store: .stale, requests: 1, first: .loaded),
        Case(policy: .storeOrNetwork, store: .missingData, requests: 1, first: .loading),
        Case(policy: .storeAndNetwork, store: .noData, requests: 1, first: .loading),
        Case(policy: .storeAndNetwork, store: .fresh, requests: 1, first: .loaded),
        Case(policy: .storeAndNetwork, store: .stale, requests: 1, first: .loaded),
        Case(policy: .storeAndNetwork, store: .missingData, requests: 1, first: .loading),
        Case(policy: .networkOnly, store: .noData, requests: 1, first: .loading),
        Case(policy: .networkOnly, store: .fresh, requests: 1, first: .loading),
        Case(policy: .networkOnly, store: .stale, requests: 1, first: .loading),
        Case(policy: .networkOnly, store: .missingData, requests: 1, first: .loading),
    ]

    @Test("each policy at attach fetches as it says and shows what it says first", arguments: cases)
    func policyAtAttach(_ testCase: Case) async throws {
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let item = try Operations.item("1")
        let detail = try Operations.item("1", operation: "ItemDetail")
        let attached = testCase.store == .missingData ? detail : item
        switch testCase.store {
        case .noData:
            break
        case .fresh:
            try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        case .stale:
            try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
            fixture.clock.advance(by: .seconds(61))
        case .missingData:
            // `Item` wrote the title; `ItemDetail` also reads the count, which nothing wrote.
            try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        }
        fixture.answer(item, with: Operations.itemData("1", title: "server"))
        fixture.answer(detail, with: Operations.itemDetailData("1", title: "server", count: 3))
        fixture.transport.hold(.any)

        let handle = fixture.environment.attach(attached, policy: testCase.policy)
        let recorder = PhaseRecorder(handle)
        if testCase.requests > 0 { _ = await fixture.transport.request(at: 0) }
        #expect(fixture.transport.requestCount == testCase.requests)
        switch testCase.first {
        case .loading:
            #expect(handle.phase.isLoading)
        case .loaded:
            #expect(handle.phase.snapshot?.data?["item"]?["title"] == "cached")
        case .missingData:
            #expect((handle.phase.error as? MissingDataError)?.code == .notInStore)
        }

        fixture.transport.releaseAll()
        if testCase.requests > 0 {
            let snapshot = await handle.phase { $0.snapshot?.data?["item"]?["title"] == "server" }?.snapshot
            #expect(snapshot?.isMissingData == false)
            #expect(fixture.transport.requestCount == testCase.requests)
        }
        handle.release()
        let phases = await recorder.finished()
        if testCase.first == .loaded {
            // A handle with data never goes back to loading while it refetches.
            #expect(!phases.contains { $0.isLoading })
        }
    }

    @Test(
        "a storeOnly handle without data fails with MissingDataError and becomes loaded when another operation writes the data"
    )
    func storeOnlyBecomesLoaded() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        #expect(handle.phase.error is MissingDataError)
        #expect(handle.fetch.isInFlight == false)

        try fixture.publish(Operations.itemData("1", title: "written elsewhere"), for: item)
        let snapshot = (try? await handle.loaded())
        #expect(snapshot?.data?["item"]?["title"] == "written elsewhere")
        #expect(fixture.transport.requestCount == 0)
        handle.release()
    }

    @Test("a networkOnly handle whose fetch fails shows the failure, not the store's data")
    func networkOnlyFailure() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        fixture.transport.failOnce(.any)
        let handle = fixture.environment.attach(item, policy: .networkOnly)
        let error = await handle.failure()
        #expect((error as? FetchError)?.code == .transport)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }
}
