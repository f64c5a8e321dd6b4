import EventLog
import Testing

@testable import Environment

@Suite("A subscription's events reach the app as well as the store")
struct SubscriptionPayloadTests {
    static func event(title: String) -> JSONValue {
        ["itemUpdated": ["__typename": "Item", "id": "1", "title": .string(title)]]
    }

    @Test("events() yields each event's data in order, after it is written to the store")
    func yieldsEachEvent() async throws {
        let fixture = Fixture()
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let subscription = fixture.environment.subscribe(updates)
        var events = subscription.events().makeAsyncIterator()
        _ = await fixture.transport.request(at: 0)
        fixture.transport.send(GraphQLResponse(data: Self.event(title: "v1")), toRequestAt: 0)
        let first = await events.next()
        #expect(first == Self.event(title: "v1"))
        // Written before it was yielded: the store already holds the event's record.
        #expect(fixture.store.record("Item:1")?["title"] == .scalar("v1"))
        fixture.transport.send(GraphQLResponse(data: Self.event(title: "v2")), toRequestAt: 0)
        #expect(await events.next() == Self.event(title: "v2"))
        #expect(fixture.store.record("Item:1")?["title"] == .scalar("v2"))
        #expect(subscription.eventCount == 2)
        subscription.cancel()
        #expect(await events.next() == nil)
    }

    @Test("two streams of events each see every event; a stream survives parking and ends at cancel")
    func severalStreamsAndParking() async throws {
        let fixture = Fixture()
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let subscription = fixture.environment.subscribe(updates)
        var first = subscription.events().makeAsyncIterator()
        var second = subscription.events().makeAsyncIterator()
        _ = await fixture.transport.request(at: 0)
        fixture.transport.send(GraphQLResponse(data: Self.event(title: "v1")), toRequestAt: 0)
        #expect(await first.next() == Self.event(title: "v1"))
        #expect(await second.next() == Self.event(title: "v1"))

        fixture.environment.isActive = false
        await subscription.lastStreamEnded()
        fixture.environment.isActive = true
        _ = await fixture.transport.request(at: 1)
        fixture.transport.send(GraphQLResponse(data: Self.event(title: "v2")), toRequestAt: 1)
        #expect(await first.next() == Self.event(title: "v2"))
        #expect(await second.next() == Self.event(title: "v2"))

        subscription.cancel()
        #expect(await first.next() == nil)
        #expect(await second.next() == nil)
        #expect(fixture.transport.requestCount == 2)
    }

    @Test("an event that does not fit the selection is neither written nor yielded")
    func badEventIsNotYielded() async throws {
        let fixture = Fixture()
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let subscription = fixture.environment.subscribe(updates)
        var events = subscription.events().makeAsyncIterator()
        _ = await fixture.transport.request(at: 0)
        fixture.transport.send(GraphQLResponse(data: ["itemUpdated": "not an object"]), toRequestAt: 0)
        await subscription.lastStreamEnded()
        #expect(subscription.failure != nil)
        #expect(subscription.eventCount == 0)
        subscription.cancel()
        #expect(await events.next() == nil)
    }

    @Test("events() on a cancelled subscription is an ended stream")
    func cancelledSubscription() async throws {
        let fixture = Fixture()
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let subscription = fixture.environment.subscribe(updates)
        subscription.cancel()
        var events = subscription.events().makeAsyncIterator()
        #expect(await events.next() == nil)
    }
}
