import GraphQLCore
import Primitives
import StoreCore
import Testing

/// An answer is as old as the request that asked for it: `publish(_:to:requestedAt:)` stamps the
/// data with the instant `requestInstant()` gave when the request was sent.
@Suite("Write times from the request")
struct RequestInstantTests {
    static let a = query([leaf("a")])

    @Test("an answer to a request sent before invalidate() is written stale; one sent after it is fresh")
    func invalidationBetweenRequestAndAnswer() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        let before = store.requestInstant()
        store.invalidate()
        try store.publish(["a": 1], to: Self.a, requestedAt: before)
        #expect(store.check(Self.a).isInvalidated)

        let after = store.requestInstant()
        try store.publish(["a": 2], to: Self.a, requestedAt: after)
        #expect(!store.check(Self.a).isInvalidated)
        #expect(store.lookup(Self.a).data == ["a": 2])
    }

    @Test("the write time is the request's instant, not the answer's")
    func expirationRunsFromTheRequest() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        let sent = store.requestInstant()
        clock.advance(by: 30)
        let report = try store.publish(["a": 1], to: Self.a, requestedAt: sent)
        #expect(store.check(Self.a).oldestWriteTime == WallInstant(secondsSince1970: 100))
        #expect(report.changedRecords == [.root])
    }

    @Test("a clock set back after a request still puts the next invalidation after it")
    func clockSetBack() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        let sent = store.requestInstant()
        clock.advance(by: -50)
        store.invalidate()
        try store.publish(["a": 1], to: Self.a, requestedAt: sent)
        #expect(store.check(Self.a).isInvalidated)
    }

    @Test("a publish reports how many subscriptions it told, and a reporting batch how many its end told")
    func reports() throws {
        let store = makeStore()
        let recorder = Recorder()
        let subscriptions = [
            store.subscribe(to: Self.a) { recorder.record($0) },
            store.subscribe(to: Self.a) { recorder.record($0) },
            store.subscribe(to: query([leaf("b")])) { recorder.record($0) },
        ]
        let report = try store.publish(["a": 1], to: Self.a, requestedAt: store.requestInstant())
        #expect(report.notifiedSubscriptions == 2)
        let again = try store.publish(["a": 1], to: Self.a, requestedAt: store.requestInstant())
        #expect(again.notifiedSubscriptions == 0)
        let (changed, notified) = try store.batchReportingNotifications {
            try store.publish(["a": 3], to: Self.a)
            return try store.publish(["b": 4], to: query([leaf("b")]))
        }
        #expect(changed == [.root])
        #expect(notified == 3)
        #expect(recorder.count == 5)
        withExtendedLifetime(subscriptions) {}
    }
}
