import Testing

@testable import Environment

@Suite("A subscription's streams are logged as fetches with reason subscription", .timeLimit(.minutes(3)))
struct SubscriptionEventTests {
    /// A fixture with item 1 in the store, a handle that reads it, subscription streams left open
    /// for the test to feed, and its log emptied.
    static func prepared() throws -> (Fixture, Handle, GraphQLOperation) {
        let fixture = Fixture()
        let item = try Operations.item("1")
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.sink.removeAll()
        return (fixture, handle, updates)
    }

    /// Sends an event on stream `index` and returns once its publish is logged.
    static func deliver(_ title: String, on index: Int, in fixture: Fixture) async throws {
        let mark = fixture.sink.mark()
        fixture.transport.send(GraphQLResponse(data: SubscriptionTests.event(title: title)), toRequestAt: index)
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "published" }
    }

    @Test(
        "a subscription logs each stream's opening, each event's publish, and how the stream ended: parked, finished by the server, failed, cancelled"
    )
    func lifetime() async throws {
        let (fixture, handle, updates) = try Self.prepared()
        let environment = fixture.environment
        let logged = LoggedOperation(updates)
        // The first event writes Item:1's title and the subscription root's link to Item:1; a later
        // one only the title. Each tells the one handle that reads item 1.
        let firstEvent = Event.published(recordsChanged: 2, subscriptionsNotified: 1)
        let laterEvent = Event.published(recordsChanged: 1, subscriptionsNotified: 1)

        let subscription = environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        try await Self.deliver("v2", on: 0, in: fixture)
        environment.isActive = false
        await subscription.lastStreamEnded()
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [logged.started(.subscription), firstEvent, logged.parked])

        // Resumed, then finished by the server.
        fixture.sink.removeAll()
        environment.isActive = true
        _ = await fixture.transport.request(at: 1)
        try await Self.deliver("v3", on: 1, in: fixture)
        fixture.transport.finish(requestAt: 1)
        await subscription.lastStreamEnded()
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.subscription), laterEvent, logged.succeeded(.subscription),
            ])

        // A new stream that fails.
        fixture.sink.removeAll()
        environment.isActive = false
        environment.isActive = true
        _ = await fixture.transport.request(at: 2)
        fixture.transport.finish(requestAt: 2, throwing: TransportError(.truncated, "scripted"))
        await subscription.lastStreamEnded()
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.subscription), logged.failed(.subscription, .transport),
            ])

        // A new stream that the app cancels.
        fixture.sink.removeAll()
        environment.isActive = false
        environment.isActive = true
        _ = await fixture.transport.request(at: 3)
        subscription.cancel()
        await subscription.lastStreamEnded()
        #expect(fixture.sink.events.map(\.withoutDuration) == [logged.started(.subscription), logged.cancelled])

        environment.isActive = false
        environment.isActive = true
        #expect(fixture.sink.events.count == 2)
        #expect(fixture.transport.requestCount == 4)
        #expect(subscription.eventCount == 2)
        handle.release()
    }

    @Test("an event that does not fit the selection ends the stream with fetchFailed invalidResponse")
    func refusedEvent() async throws {
        let (fixture, handle, updates) = try Self.prepared()
        let logged = LoggedOperation(updates)
        let subscription = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        fixture.transport.send(
            GraphQLResponse(data: ["itemUpdated": ["__typename": "Item", "id": "1", "title": ["not": "a leaf"]]]),
            toRequestAt: 0)
        await subscription.lastStreamEnded()
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.subscription), logged.failed(.subscription, .invalidResponse),
            ])
        #expect(subscription.eventCount == 0)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a subscription made while the environment is inactive logs nothing until it becomes active")
    func madeWhileInactive() async throws {
        let (fixture, handle, updates) = try Self.prepared()
        fixture.environment.isActive = false
        let subscription = fixture.environment.subscribe(updates)
        #expect(fixture.sink.events == [])
        #expect(fixture.transport.requestCount == 0)

        fixture.environment.isActive = true
        _ = await fixture.transport.request(at: 0)
        #expect(fixture.sink.events == [LoggedOperation(updates).started(.subscription)])
        subscription.cancel()
        await subscription.lastStreamEnded()
        handle.release()
    }

    @Test("dropping a subscription's last reference closes its stream and logs subscriptionCancelled")
    func dropped() async throws {
        let (fixture, handle, updates) = try Self.prepared()
        let logged = LoggedOperation(updates)
        let mark = fixture.sink.mark()
        var subscription: GraphQLSubscription? = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        #expect(subscription?.isStreaming == true)
        subscription = nil

        let end = try await fixture.sink.nextEvent(after: mark) { $0.name == "subscriptionCancelled" }
        #expect(end.withoutDuration == logged.cancelled)
        #expect(fixture.sink.events.map(\.withoutDuration) == [logged.started(.subscription), logged.cancelled])
        handle.release()
    }
}
