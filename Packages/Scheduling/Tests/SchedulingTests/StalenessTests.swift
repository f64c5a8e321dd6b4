import Primitives
import Scheduling
import Testing

private let written = WallInstant(secondsSince1970: 1_000)

@Suite("Expiration and Staleness")
struct StalenessTests {
    @Test("the operation's cacheExpiration wins over the store's default, which applies without one")
    func expirationResolution() {
        #expect(
            Expiration.resolved(cacheExpiration: .seconds(30), default: .after(.seconds(300))) == .after(.seconds(30)))
        #expect(Expiration.resolved(cacheExpiration: nil, default: .after(.seconds(300))) == .after(.seconds(300)))
        #expect(Expiration.resolved(cacheExpiration: nil, default: .never) == .never)
    }

    @Test("data is fresh until its expiration runs out, and stale from that instant on")
    func expiry() {
        let expiration = Expiration.after(.seconds(60))
        let justBefore = written + .seconds(60) - .nanoseconds(1)
        #expect(
            Staleness.of(oldestWrite: written, invalidatedAt: nil, expiration: expiration, now: justBefore) == .fresh)
        let atExpiry = written + .seconds(60)
        #expect(
            Staleness.of(oldestWrite: written, invalidatedAt: nil, expiration: expiration, now: atExpiry)
                == .stale(.expired))
    }

    @Test("data that was never written is stale because it is missing, whatever else holds")
    func missing() {
        #expect(
            Staleness.of(oldestWrite: nil, invalidatedAt: nil, expiration: .never, now: written) == .stale(.missing))
        #expect(
            Staleness.of(oldestWrite: nil, invalidatedAt: written, expiration: .after(.zero), now: written)
                == .stale(.missing))
    }

    @Test("data written at or before the invalidation point is stale; data written after it is not")
    func invalidation() {
        let point = written
        #expect(
            Staleness.of(oldestWrite: written, invalidatedAt: point, expiration: .never, now: written + .seconds(1))
                == .stale(.invalidated))
        #expect(
            Staleness.of(oldestWrite: written - .seconds(1), invalidatedAt: point, expiration: .never, now: written)
                == .stale(.invalidated))
        #expect(
            Staleness.of(
                oldestWrite: written + .nanoseconds(1), invalidatedAt: point, expiration: .never,
                now: written + .seconds(1)) == .fresh)
    }

    @Test("invalidation is reported before expiry when both apply")
    func invalidatedBeforeExpired() {
        #expect(
            Staleness.of(
                oldestWrite: written, invalidatedAt: written, expiration: .after(.seconds(1)),
                now: written + .seconds(10)) == .stale(.invalidated))
    }

    @Test("data that never expires stays fresh until invalidated")
    func never() {
        let muchLater = written + .seconds(100 * 365 * 86_400)
        #expect(Staleness.of(oldestWrite: written, invalidatedAt: nil, expiration: .never, now: muchLater) == .fresh)
    }

    @Test("a zero or negative expiration makes data stale as soon as it is written")
    func zeroExpiration() {
        #expect(
            Staleness.of(oldestWrite: written, invalidatedAt: nil, expiration: .after(.zero), now: written)
                == .stale(.expired))
        #expect(
            Staleness.of(oldestWrite: written, invalidatedAt: nil, expiration: .after(.seconds(-5)), now: written)
                == .stale(.expired))
    }

    @Test("a clock moved back before the write time leaves the data fresh")
    func clockMovedBack() {
        #expect(
            Staleness.of(
                oldestWrite: written, invalidatedAt: nil, expiration: .after(.seconds(60)),
                now: written - .seconds(3_600)) == .fresh)
    }
}
