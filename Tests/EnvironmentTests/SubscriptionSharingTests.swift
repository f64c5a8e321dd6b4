import EventLog
import EventLogTesting
import Primitives
import Testing
import TransportTesting

@testable import Environment

/// Identical subscriptions (one operation, equal variables) share one server subscription, as
/// identical queries share one fetch in flight: each event is written once and reaches every one of
/// them, and the stream closes when the last one goes.
@Suite("Identical subscriptions share one server subscription", .timeLimit(.minutes(3)))
struct SubscriptionSharingTests {
    @Test("1,000 identical subscriptions send 1 request; an event is written once and counted by each")
    func thousandShareOne() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let subscriptions = (0..<1_000).map { _ in fixture.environment.subscribe(updates) }
        _ = await fixture.transport.request(at: 0)
        #expect(fixture.transport.requestCount == 1)
        #expect(fixture.sink.events.filter { $0.name == "fetchStarted" }.count == 1)

        try await SubscriptionEventTests.deliver("v2", on: 0, in: fixture)
        #expect(subscriptions.allSatisfy { $0.eventCount == 1 && $0.isStreaming })
        #expect(fixture.sink.events.filter { $0.name == "published" }.count == 1)
        #expect(fixture.store.record("Item:1")?["title"] == .scalar("v2"))

        // 999 leave: the stream stays open for the last one.
        for subscription in subscriptions.dropLast() { subscription.cancel() }
        #expect(fixture.transport.openRequestCount == 1)
        try await SubscriptionEventTests.deliver("v3", on: 0, in: fixture)
        #expect(subscriptions.last?.eventCount == 2)
        #expect(subscriptions.dropLast().allSatisfy { $0.eventCount == 1 && !$0.isStreaming })

        let last = try #require(subscriptions.last)
        last.cancel()
        await last.lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 0)
        #expect(fixture.sink.events.filter { $0.name == "subscriptionCancelled" }.count == 1)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a member whose app event streams all ended is no longer handed events; one that still reads gets them")
    func endedStreamsStopListening() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let reader = fixture.environment.subscribe(updates)
        let quitter = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        let channel = try #require(reader.channel)
        var events = reader.events().makeAsyncIterator()
        let quitting = quitter.events()
        let consumer = Task { for await _ in quitting {} }
        #expect(channel.listeningCount == 2)

        // The consumer's task is cancelled, as a screen's is when it goes: its stream ends.
        consumer.cancel()
        await consumer.value
        #expect(channel.listeningCount == 1)
        try await SubscriptionEventTests.deliver("v2", on: 0, in: fixture)
        #expect(await events.next()?["itemUpdated"]?["title"] == "v2")
        #expect(quitter.eventCount == 1 && quitter.isStreaming)

        reader.cancel()
        quitter.cancel()
        await reader.lastStreamEnded()
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("subscriptions with other variables get a server subscription each; a new one after all left opens another")
    func otherVariablesAndReopening() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let other = try Operations.operation("ItemUpdated", variables: ["id": "2"])
        fixture.transport.answer(.identity(other.identity), with: .open)
        let first = fixture.environment.subscribe(updates)
        let second = fixture.environment.subscribe(other)
        let third = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 1)
        #expect(fixture.transport.requestCount == 2)

        first.cancel()
        third.cancel()
        await third.lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 1)
        let again = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 2)
        #expect(fixture.transport.requestCount == 3)
        again.cancel()
        second.cancel()
        await again.lastStreamEnded()
        await second.lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 0)
        handle.release()
    }

    @Test("parking closes the shared stream once; resuming opens one for all of them")
    func parkingShared() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let subscriptions = (0..<10).map { _ in fixture.environment.subscribe(updates) }
        _ = await fixture.transport.request(at: 0)
        fixture.environment.isActive = false
        for subscription in subscriptions { await subscription.lastStreamEnded() }
        #expect(fixture.sink.events.filter { $0.name == "subscriptionParked" }.count == 1)
        #expect(fixture.transport.openRequestCount == 0)

        fixture.environment.isActive = true
        _ = await fixture.transport.request(at: 1)
        try await SubscriptionEventTests.deliver("v2", on: 1, in: fixture)
        #expect(subscriptions.allSatisfy { $0.eventCount == 1 })
        #expect(fixture.transport.requestCount == 2)
        for subscription in subscriptions { subscription.cancel() }
        await subscriptions[0].lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 0)
        handle.release()
    }

    @Test("an event with errors and no data ends only the members whose policy ends the stream; the others go on")
    func mixedErrorPolicies() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let ending = fixture.environment.subscribe(updates)
        let continuing = fixture.environment.subscribe(updates, errorPolicy: .continueStream)
        _ = await fixture.transport.request(at: 0)
        let mark = fixture.sink.mark()
        fixture.transport.send(
            GraphQLResponse(data: nil, errors: [SubscriptionErrorTests.denied]), toRequestAt: 0)
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "serverErrors" }
        #expect((ending.failure as? FetchError)?.code == .graphQLErrors)
        #expect(!ending.isStreaming)
        #expect(continuing.isStreaming)
        #expect(continuing.failure == nil)
        #expect(continuing.serverErrors == [SubscriptionErrorTests.denied])

        try await SubscriptionEventTests.deliver("v2", on: 0, in: fixture)
        #expect(continuing.eventCount == 1)
        #expect(ending.eventCount == 0)
        #expect(fixture.transport.requestCount == 1)
        continuing.cancel()
        await continuing.lastStreamEnded()
        #expect(fixture.transport.openRequestCount == 0)
        handle.release()
    }

    @Test("a subscription that joins a shared stream counts the events from its join, and no earlier event's errors")
    func joiningLater() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let first = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        try await SubscriptionEventTests.deliver("v2", on: 0, in: fixture)
        let mark = fixture.sink.mark()
        fixture.transport.send(
            GraphQLResponse(data: SubscriptionTests.event(title: "v3"), errors: [SubscriptionErrorTests.denied]),
            toRequestAt: 0)
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "serverErrors" }
        let second = fixture.environment.subscribe(updates)
        var events = second.events().makeAsyncIterator()
        #expect(first.eventCount == 2 && first.serverErrors == [SubscriptionErrorTests.denied])
        #expect(second.eventCount == 0 && second.serverErrors == [])

        try await SubscriptionEventTests.deliver("v4", on: 0, in: fixture)
        #expect(await events.next()?["itemUpdated"]?["title"] == "v4")
        #expect(first.eventCount == 3 && second.eventCount == 1)
        #expect(first.serverErrors == [] && second.serverErrors == [])
        first.cancel()
        try await SubscriptionEventTests.deliver("v5", on: 0, in: fixture)
        #expect(first.eventCount == 3 && second.eventCount == 2)
        second.cancel()
        await second.lastStreamEnded()
        #expect(second.eventCount == 2)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a stream's failure is on every subscription of it before fetchFailed is logged")
    func failureBeforeLog() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let observer = FailureObserver()
        let environment = GraphQLEnvironment(
            schema: Operations.schema, transport: fixture.transport, clock: fixture.clock,
            log: TeeSink(sinks: [observer, fixture.sink]))
        let subscriptions = (0..<3).map { _ in environment.subscribe(updates) }
        observer.watch(subscriptions)
        _ = await fixture.transport.request(at: 0)
        fixture.transport.finish(requestAt: 0, throwing: TransportError(.truncated, "scripted"))
        _ = try await fixture.sink.firstEvent { $0.name == "fetchFailed" }
        #expect(observer.seen == [true, true, true])
        #expect(subscriptions.allSatisfy { !$0.isStreaming })
    }
}

/// A sink that, when `fetchFailed` is recorded, reads whether each watched subscription already
/// shows a failure: what code reacting to the log would read.
private final class FailureObserver: EventSink {
    private let state = Locked<(watched: [GraphQLSubscription], seen: [Bool])>(([], []))

    func watch(_ subscriptions: [GraphQLSubscription]) { state.withLock { $0.watched = subscriptions } }

    var seen: [Bool] { state.withLock { $0.seen } }

    func record(_ event: Event) {
        guard event.name == "fetchFailed" else { return }
        let watched = state.withLock { $0.watched }
        let seen = watched.map { $0.failure != nil }
        state.withLock { $0.seen = seen }
    }
}
