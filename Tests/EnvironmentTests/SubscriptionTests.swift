import Testing

@testable import Environment

@Suite("Subscriptions stream into the store, and isActive parks them")
struct SubscriptionTests {
    @Test(
        "a subscription's events update the handles that read its records; isActive false closes its stream and true opens a new one"
    )
    func parkAndResume() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let handle = fixture.environment.attach(item, policy: .storeOnly)

        let subscription = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        fixture.transport.send(GraphQLResponse(data: Self.event(title: "v2")), toRequestAt: 0)
        _ = await handle.phase { $0.snapshot?.data?["item"]?["title"] == "v2" }
        // The handle hears of the write during the publish; the count and the log come after it.
        _ = try await fixture.sink.firstEvent { $0.name == "published" }
        #expect(subscription.eventCount == 1)

        fixture.environment.isActive = false
        await subscription.lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 0)
        #expect(!subscription.isStreaming)
        #expect(fixture.transport.requestCount == 1)

        fixture.environment.isActive = true
        _ = await fixture.transport.request(at: 1)
        #expect(fixture.transport.requestCount == 2)
        fixture.transport.send(GraphQLResponse(data: Self.event(title: "v3")), toRequestAt: 1)
        _ = await handle.phase { $0.snapshot?.data?["item"]?["title"] == "v3" }

        subscription.cancel()
        await subscription.lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 0)
        fixture.environment.isActive = false
        fixture.environment.isActive = true
        #expect(fixture.transport.requestCount == 2)
        handle.release()
    }

    @Test("queries read nothing of isActive: an inactive environment still fetches for an attach")
    func queriesIgnoreIsActive() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "fetched"))
        fixture.environment.isActive = false
        let handle = fixture.environment.attach(item)
        #expect((try? await handle.loaded()) != nil)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    static func event(title: String) -> JSONValue {
        ["itemUpdated": ["__typename": "Item", "id": "1", "title": .string(title)]]
    }
}
