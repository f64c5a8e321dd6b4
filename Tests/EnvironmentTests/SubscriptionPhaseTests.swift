import EventLog
import Observation
import Primitives
import Testing
import TransportTesting

@testable import Environment

/// A subscription is observed as a handle is: Observation tracks its phase, which changes when a
/// stream opens, brings its first event or ends, and always before the log records the change.
@Suite("A subscription's phase, observed", .timeLimit(.minutes(3)))
struct SubscriptionPhaseTests {
    @Test(
        "the phase goes connecting, active, parked, connecting, failed; observers see each change, and the log reads it already changed"
    )
    func phasesInOrder() async throws {
        let fixture = Fixture()
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        try fixture.publish(Operations.itemData("1", title: "v1"), for: try Operations.item("1"))
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let sink = PhaseReadingSink()
        let environment = GraphQLEnvironment(
            schema: Operations.schema, transport: fixture.transport, clock: fixture.clock,
            log: TeeSink(sinks: [sink, fixture.sink]))
        // Subscribed while inactive, so that the sink watches it before its first stream opens.
        environment.isActive = false
        let subscription = environment.subscribe(updates)
        #expect(subscription.phase.description == "parked")
        sink.watch(subscription)
        let observer = PhaseObserver(subscription)
        environment.isActive = true
        #expect(subscription.phase.description == "connecting")

        _ = await fixture.transport.request(at: 0)
        for title in ["v2", "v3"] {
            let mark = fixture.sink.mark()
            fixture.transport.send(GraphQLResponse(data: SubscriptionTests.event(title: title)), toRequestAt: 0)
            _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "published" }
            #expect(subscription.phase.description == "active")
        }

        environment.isActive = false
        await subscription.lastStreamEnded()
        #expect(subscription.phase.description == "parked")
        environment.isActive = true
        _ = await fixture.transport.request(at: 1)
        fixture.transport.finish(requestAt: 1, throwing: TransportError(.truncated, "scripted"))
        _ = try await fixture.sink.firstEvent { $0.name == "fetchFailed" }

        #expect(subscription.phase.error is TransportError)
        #expect(subscription.failure is TransportError)
        #expect(!subscription.isStreaming)
        #expect(
            sink.read == [
                "fetchStarted: connecting", "published: active", "published: active", "subscriptionParked: parked",
                "fetchStarted: connecting", "fetchFailed: failed(TransportError)",
            ])
        // One change per phase, none for the second event.
        #expect(observer.seen == ["connecting", "active", "parked", "connecting", "failed(TransportError)"])
        #expect(fixture.transport.requestCount == 2)

        subscription.cancel()
        #expect(subscription.phase.description == "cancelled")
        #expect(observer.seen.last == "cancelled")
    }
}

/// Reads a subscription's phase each time Observation says it changed, and tracks it again.
private final class PhaseObserver: Sendable {
    private let subscription: GraphQLSubscription
    private let changes = Locked<[String]>([])

    init(_ subscription: GraphQLSubscription) {
        self.subscription = subscription
        track()
    }

    var seen: [String] { changes.withLock { $0 } }

    private func track() {
        withObservationTracking {
            _ = subscription.phase
        } onChange: { [self] in
            // Told after the change is made, with no lock held: the phase reads as it now is.
            let phase = subscription.phase.description
            changes.withLock { $0.append(phase) }
            track()
        }
    }
}

/// A sink that, when a subscription's event is recorded, reads the watched subscription's phase:
/// what code reacting to the log would read.
private final class PhaseReadingSink: EventSink {
    private let state = Locked<(watched: GraphQLSubscription?, read: [String])>((nil, []))

    func watch(_ subscription: GraphQLSubscription) { state.withLock { $0.watched = subscription } }

    var read: [String] { state.withLock { $0.read } }

    func record(_ event: Event) {
        let names: Set = ["fetchStarted", "published", "subscriptionParked", "fetchFailed", "fetchSucceeded"]
        guard names.contains(event.name), let watched = state.withLock({ $0.watched }) else { return }
        let line = "\(event.name): \(watched.phase)"
        state.withLock { $0.read.append(line) }
    }
}
