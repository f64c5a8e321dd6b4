import GraphQLCore
import Primitives
@_spi(Runtime) import Scheduling
import SchedulingTesting
import Testing

private let failedAt = WallInstant(secondsSince1970: 50)
private let succeededAt = WallInstant(secondsSince1970: 40)

@Suite("RevalidationPlanner")
struct RevalidationPlannerTests {
    @Test("revalidate plans a stale root and a failed one, leaves a fresh one alone")
    func revalidatePlansStaleAndFailed() {
        let roots = [
            RetainedRoot(
                root: root(1), staleness: .stale(.expired), fetch: .succeeded(at: succeededAt),
                holderAllowsNetwork: true),
            RetainedRoot(
                root: root(2), staleness: .fresh, fetch: .failed(at: failedAt, kind: .transport),
                holderAllowsNetwork: true),
            RetainedRoot(
                root: root(3), staleness: .fresh, fetch: .succeeded(at: succeededAt), holderAllowsNetwork: true),
        ]
        let plan = RevalidationPlanner.revalidation(roots)
        #expect(
            plan.fetches == [.init(root: root(1), reason: .revalidation), .init(root: root(2), reason: .revalidation)])
        #expect(plan.joins.isEmpty)
        #expect(plan.skips == [.init(root: root(3), reason: .fresh)])
    }

    @Test(
        "revalidate fetches a fresh root whose data holds a stored field error; a heal does not, nor a storeOnly holder"
    )
    func revalidateFetchesRootWithFieldErrors() {
        var errored = RetainedRoot(
            root: root(1), staleness: .fresh, fetch: .succeeded(at: succeededAt), holderAllowsNetwork: true)
        errored.readsFieldErrors = true
        var storeOnly = RetainedRoot(
            root: root(2), staleness: .fresh, fetch: .succeeded(at: succeededAt), holderAllowsNetwork: false)
        storeOnly.readsFieldErrors = true
        let plan = RevalidationPlanner.revalidation([errored, storeOnly])
        #expect(plan.fetches == [.init(root: root(1), reason: .revalidation)])
        #expect(plan.skips == [.init(root: root(2), reason: .noHolderAllowsNetwork)])
        #expect(RevalidationPlanner.heal([errored], suppression: HealSuppression()).fetches.isEmpty)
    }

    @Test("revalidate marks nothing: once the fetches succeed, a second revalidate plans no fetch")
    func revalidateMarksNothing() {
        var registry = InFlightRegistry<Int>()
        let now = WallInstant(secondsSince1970: 100)
        let stale = RetainedRoot(
            root: root(1), staleness: .stale(.expired), fetch: .idle, holderAllowsNetwork: true)
        let fresh = RetainedRoot(root: root(2), staleness: .fresh, fetch: .idle, holderAllowsNetwork: true)

        let first = RevalidationPlanner.revalidation([stale, fresh])
        #expect(RevalidationPlanner.revalidation([stale, fresh]) == first)
        let (started, _) = perform(first, on: &registry)
        #expect(started.count == 1)
        for id in started { _ = registry.finish(id, outcome: .succeeded(at: now)) }

        let afterwards = [
            RetainedRoot(
                root: root(1), staleness: .fresh, fetch: registry.status(of: root(1)), holderAllowsNetwork: true),
            RetainedRoot(
                root: root(2), staleness: .fresh, fetch: registry.status(of: root(2)), holderAllowsNetwork: true),
        ]
        let second = RevalidationPlanner.revalidation(afterwards)
        #expect(second.fetches.isEmpty)
        #expect(second.joins.isEmpty)
        #expect(second.skips.map(\.reason) == [.fresh, .fresh])
    }

    @Test(
        "a storeOnly holder is fetched for by neither an invalidation nor a revalidation; a holder that allows the network is, while it holds"
    )
    func storeOnlyHolder() {
        // Root 1 held by storeOnly and storeOrNetwork holders; root 2 by a storeOnly holder alone.
        func roots(networkHolderHolds: Bool) -> [RetainedRoot] {
            [
                RetainedRoot(
                    root: root(1), staleness: .stale(.invalidated), fetch: .succeeded(at: succeededAt),
                    holderAllowsNetwork: networkHolderHolds),
                RetainedRoot(
                    root: root(2), staleness: .stale(.invalidated), fetch: .succeeded(at: succeededAt),
                    holderAllowsNetwork: false),
            ]
        }
        let whileHeld = roots(networkHolderHolds: true)
        #expect(RevalidationPlanner.invalidation(whileHeld).fetches == [.init(root: root(1), reason: .invalidation)])
        #expect(RevalidationPlanner.revalidation(whileHeld).fetches == [.init(root: root(1), reason: .revalidation)])
        #expect(
            RevalidationPlanner.revalidation(whileHeld).skips == [.init(root: root(2), reason: .noHolderAllowsNetwork)])

        let afterRelease = roots(networkHolderHolds: false)
        let invalidation = RevalidationPlanner.invalidation(afterRelease)
        let revalidation = RevalidationPlanner.revalidation(afterRelease)
        #expect(invalidation.fetches.isEmpty)
        #expect(revalidation.fetches.isEmpty)
        #expect(invalidation.joins.isEmpty)
        #expect(revalidation.joins.isEmpty)
        #expect(invalidation.skips.map(\.reason) == [.noHolderAllowsNetwork, .noHolderAllowsNetwork])
    }

    @Test("a storeOnly-held root with a failed last fetch is not fetched by revalidate")
    func storeOnlyFailed() {
        let plan = RevalidationPlanner.revalidation([
            RetainedRoot(
                root: root(1), staleness: .stale(.missing), fetch: .failed(at: failedAt, kind: .http),
                holderAllowsNetwork: false)
        ])
        #expect(plan.fetches.isEmpty)
        #expect(plan.skips == [.init(root: root(1), reason: .noHolderAllowsNetwork)])
    }

    @Test("a failed fetch overrides a day-long expiration until a fetch succeeds, then nothing until it expires")
    func failedFetchOverridesFreshness() {
        let clock = ManualWallClock()
        let day = Expiration.resolved(cacheExpiration: .seconds(86_400), default: .after(.seconds(60)))
        var registry = InFlightRegistry<Int>()
        var written = clock.now()

        func facts() -> [RetainedRoot] {
            let staleness = Staleness.of(oldestWrite: written, invalidatedAt: nil, expiration: day, now: clock.now())
            return [
                RetainedRoot(
                    root: root(1), staleness: staleness, fetch: registry.status(of: root(1)), holderAllowsNetwork: true)
            ]
        }

        // The data is fresh and nothing has failed yet: revalidate leaves it alone.
        #expect(RevalidationPlanner.revalidation(facts()).fetches.isEmpty)

        // A refetch fails; every revalidate then fetches it, however fresh its data.
        let refetch = registry.begin(root(1), reason: .refetch).fetchID
        clock.advance(by: .seconds(60))
        _ = registry.finish(refetch, outcome: .failed(at: clock.now(), kind: .transport))
        var requests = 0
        for _ in 0..<3 {
            clock.advance(by: .seconds(60))
            let (started, _) = perform(RevalidationPlanner.revalidation(facts()), on: &registry)
            requests += started.count
            for id in started { _ = registry.finish(id, outcome: .failed(at: clock.now(), kind: .http)) }
        }
        #expect(requests == 3)

        // One succeeds and writes the data.
        let (started, _) = perform(RevalidationPlanner.revalidation(facts()), on: &registry)
        #expect(started.count == 1)
        for id in started { _ = registry.finish(id, outcome: .succeeded(at: clock.now())) }
        written = clock.now()

        // Nothing again until the day has passed.
        clock.advance(by: .seconds(86_400) - .nanoseconds(1))
        #expect(RevalidationPlanner.revalidation(facts()).fetches.isEmpty)
        clock.advance(by: .nanoseconds(1))
        #expect(RevalidationPlanner.revalidation(facts()).fetches == [.init(root: root(1), reason: .revalidation)])
    }

    @Test("a burst of 20 stale roots planned 3 times and once more while in flight starts 20 fetches in all")
    func burst() {
        var registry = InFlightRegistry<Int>()
        let roots = (1...20).map(root)
        func facts() -> [RetainedRoot] {
            roots.map {
                RetainedRoot(
                    root: $0, staleness: .stale(.expired), fetch: registry.status(of: $0), holderAllowsNetwork: true)
            }
        }
        var started: [FetchID] = []
        var joined: [FetchID] = []
        for _ in 0..<4 {
            let result = perform(RevalidationPlanner.revalidation(facts()), on: &registry)
            started += result.started
            joined += result.joined
        }
        #expect(started.count == 20)
        #expect(Set(started).count == 20)
        #expect(joined.count == 60)
        #expect(Set(joined) == Set(started))

        var completions: [FetchCompletion] = []
        for id in started {
            if case .completed(let completion, _) = registry.finish(id, outcome: .succeeded(at: succeededAt)) {
                completions.append(completion)
            }
        }
        #expect(completions.count == 20)
        #expect(completions.allSatisfy { $0.joinedReasons == [.revalidation, .revalidation, .revalidation] })
    }

    @Test("a root with a fetch in flight is joined by revalidate, invalidate and heal, never fetched again")
    func inFlightIsJoined() {
        let inFlight = RetainedRoot(
            root: root(1), staleness: .stale(.missing), fetch: .inFlight, holderAllowsNetwork: true)
        #expect(RevalidationPlanner.revalidation([inFlight]).joins == [.init(root: root(1), reason: .revalidation)])
        #expect(RevalidationPlanner.invalidation([inFlight]).joins == [.init(root: root(1), reason: .invalidation)])
        #expect(
            RevalidationPlanner.heal([inFlight], suppression: HealSuppression()).joins
                == [.init(root: root(1), reason: .heal)])
        #expect(RevalidationPlanner.revalidation([inFlight]).fetches.isEmpty)
        #expect(RevalidationPlanner.invalidation([inFlight]).fetches.isEmpty)
        #expect(RevalidationPlanner.heal([inFlight], suppression: HealSuppression()).fetches.isEmpty)
    }

    @Test("invalidate fetches every retained root a holder allows the network for, fresh or not")
    func invalidationFetchesAll() {
        let roots = [
            RetainedRoot(
                root: root(1), staleness: .fresh, fetch: .succeeded(at: succeededAt), holderAllowsNetwork: true),
            RetainedRoot(root: root(2), staleness: .stale(.missing), fetch: .idle, holderAllowsNetwork: true),
            RetainedRoot(root: root(3), staleness: .fresh, fetch: .idle, holderAllowsNetwork: false),
        ]
        let plan = RevalidationPlanner.invalidation(roots)
        #expect(
            plan.fetches == [.init(root: root(1), reason: .invalidation), .init(root: root(2), reason: .invalidation)])
        #expect(plan.skips == [.init(root: root(3), reason: .noHolderAllowsNetwork)])
    }

    @Test("a heal fetches a root a publish left with missing data, where a holder allows the network")
    func healFetchesMissing() {
        let roots = [
            RetainedRoot(
                root: root(1), staleness: .stale(.missing), fetch: .succeeded(at: succeededAt),
                holderAllowsNetwork: true),
            RetainedRoot(root: root(2), staleness: .stale(.missing), fetch: .idle, holderAllowsNetwork: false),
            RetainedRoot(root: root(3), staleness: .stale(.expired), fetch: .idle, holderAllowsNetwork: true),
            RetainedRoot(root: root(4), staleness: .fresh, fetch: .idle, holderAllowsNetwork: true),
        ]
        let plan = RevalidationPlanner.heal(roots, suppression: HealSuppression())
        #expect(plan.fetches == [.init(root: root(1), reason: .heal)])
        #expect(
            plan.skips == [
                .init(root: root(2), reason: .noHolderAllowsNetwork),
                .init(root: root(3), reason: .notMissingData),
                .init(root: root(4), reason: .notMissingData),
            ])
    }

    @Test("a root whose own fetch completed still missing data is not healed again until the store changes")
    func healSuppressedUntilNextChange() {
        var registry = InFlightRegistry<Int>()
        var suppression = HealSuppression()
        func facts() -> [RetainedRoot] {
            [
                RetainedRoot(
                    root: root(1), staleness: .stale(.missing), fetch: registry.status(of: root(1)),
                    holderAllowsNetwork: true)
            ]
        }
        var requests = 0

        // A mutation's publish removed a link root 1 reads: one heal fetch.
        suppression.storeChanged(affecting: [root(1)])
        var started = perform(RevalidationPlanner.heal(facts(), suppression: suppression), on: &registry).started
        requests += started.count
        #expect(requests == 1)

        // The server's answer still lacks the data. Its publish changes root 1, then the fetch completes missing.
        for id in started { _ = registry.finish(id, outcome: .succeeded(at: succeededAt)) }
        suppression.storeChanged(affecting: [root(1)])
        suppression.ownFetchCompleted(root(1), isMissingData: true)
        let afterOwnAnswer = RevalidationPlanner.heal(facts(), suppression: suppression)
        #expect(afterOwnAnswer.fetches.isEmpty)
        #expect(afterOwnAnswer.skips == [.init(root: root(1), reason: .healSuppressed)])

        // A publish that does not touch root 1 changes nothing for it.
        suppression.storeChanged(affecting: [root(2)])
        #expect(RevalidationPlanner.heal(facts(), suppression: suppression).fetches.isEmpty)

        // A later change to what root 1 reads lets it heal again, once.
        suppression.storeChanged(affecting: [root(1)])
        started = perform(RevalidationPlanner.heal(facts(), suppression: suppression), on: &registry).started
        requests += started.count
        #expect(requests == 2)
    }

    @Test("a fetch that completes with the data lifts its root's heal suppression")
    func completeAnswerLiftsSuppression() {
        var suppression = HealSuppression()
        suppression.ownFetchCompleted(root(1), isMissingData: true)
        #expect(suppression.isSuppressed(root(1)))
        suppression.ownFetchCompleted(root(1), isMissingData: false)
        #expect(!suppression.isSuppressed(root(1)))
        suppression.ownFetchCompleted(root(2), isMissingData: true)
        suppression.forget(root(2))
        #expect(!suppression.isSuppressed(root(2)))
    }

    @Test("a plan keeps the order the roots were given in")
    func order() {
        let roots = (1...50).reversed().map {
            RetainedRoot(root: root($0), staleness: .stale(.expired), fetch: .idle, holderAllowsNetwork: true)
        }
        #expect(RevalidationPlanner.revalidation(roots).fetches.map(\.root) == (1...50).reversed().map(root))
    }
}
