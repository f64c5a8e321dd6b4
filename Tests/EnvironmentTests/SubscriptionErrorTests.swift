import EventLog
import Testing

@testable import Environment

/// A subscription never drops a server's GraphQL errors: with data they are kept beside the written
/// data, without data they end the stream with a typed failure or, as the subscription's policy
/// says, are kept while the stream goes on. Each is logged as a count.
@Suite("A subscription's GraphQL errors", .timeLimit(.minutes(3)))
struct SubscriptionErrorTests {
    static let denied = GraphQLServerError(message: "not allowed to watch item 1")

    @Test("an event with errors and no data ends the stream with FetchError graphQLErrors by default")
    func errorsWithoutDataEndTheStream() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let logged = LoggedOperation(updates)
        let subscription = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        fixture.transport.send(GraphQLResponse(data: nil, errors: [Self.denied]), toRequestAt: 0)
        await subscription.lastStreamEnded()

        let failure = try #require(subscription.failure as? FetchError)
        #expect(failure.code == .graphQLErrors)
        #expect(failure.serverErrors == [Self.denied])
        #expect(subscription.serverErrors == [Self.denied])
        #expect(!subscription.isStreaming)
        #expect(subscription.eventCount == 0)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.subscription),
                .serverErrors(operation: logged.name, identity: logged.identity, reason: .subscription, count: 1),
                logged.failed(.subscription, .graphQLErrors),
            ])
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("with continueStream, an event with errors and no data is kept and the stream goes on")
    func errorsWithoutDataContinue() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let logged = LoggedOperation(updates)
        let subscription = fixture.environment.subscribe(updates, errorPolicy: .continueStream)
        _ = await fixture.transport.request(at: 0)
        let mark = fixture.sink.mark()
        fixture.transport.send(GraphQLResponse(data: nil, errors: [Self.denied]), toRequestAt: 0)
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "serverErrors" }
        #expect(subscription.serverErrors == [Self.denied])
        #expect(subscription.isStreaming)

        // The next clean event is written and clears them.
        try await SubscriptionEventTests.deliver("v2", on: 0, in: fixture)
        #expect(subscription.serverErrors == [])
        #expect(subscription.eventCount == 1)
        #expect(subscription.failure.map { "\($0)" } == nil)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.subscription),
                .serverErrors(operation: logged.name, identity: logged.identity, reason: .subscription, count: 1),
                .published(recordsChanged: 2, subscriptionsNotified: 1),
            ])
        subscription.cancel()
        await subscription.lastStreamEnded()
        handle.release()
    }

    @Test("an event with data and errors is written and its errors are kept on the subscription")
    func errorsWithData() async throws {
        let (fixture, handle, updates) = try SubscriptionEventTests.prepared()
        let logged = LoggedOperation(updates)
        let subscription = fixture.environment.subscribe(updates)
        _ = await fixture.transport.request(at: 0)
        let partial = GraphQLServerError(message: "count is unavailable")
        let mark = fixture.sink.mark()
        fixture.transport.send(
            GraphQLResponse(data: SubscriptionTests.event(title: "v2"), errors: [partial]), toRequestAt: 0)
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "serverErrors" }
        #expect(subscription.serverErrors == [partial])
        #expect(subscription.eventCount == 1)
        #expect(subscription.isStreaming)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.subscription),
                .published(recordsChanged: 2, subscriptionsNotified: 1),
                .serverErrors(operation: logged.name, identity: logged.identity, reason: .subscription, count: 1),
            ])
        subscription.cancel()
        await subscription.lastStreamEnded()
        handle.release()
    }
}
