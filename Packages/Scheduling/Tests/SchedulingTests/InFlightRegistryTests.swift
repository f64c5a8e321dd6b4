import GraphQLCore
import Primitives
@_spi(Runtime) import Scheduling
import Testing

private let done = FetchOutcome.succeeded(at: WallInstant(secondsSince1970: 10))

@Suite("InFlightRegistry")
struct InFlightRegistryTests {
    @Test("1,000 begins for one identity start one fetch and join it 999 times")
    func thousandBegins() throws {
        var registry = InFlightRegistry<Int>()
        var starts: [FetchID] = []
        var joins: [FetchID] = []
        for _ in 0..<1_000 {
            switch registry.begin(root(1), reason: .attach) {
            case .start(let id): starts.append(id)
            case .join(let id): joins.append(id)
            }
        }
        #expect(starts.count == 1)
        #expect(joins.count == 999)
        let id = try #require(starts.first)
        #expect(Set(joins) == [id])
        #expect(registry.inFlightCount == 1)

        guard case .completed(let completion, _) = registry.finish(id, outcome: done) else {
            Issue.record("the fetch in flight did not complete")
            return
        }
        #expect(completion.root == root(1))
        #expect(completion.reason == .attach)
        #expect(completion.joinedReasons.count == 999)
        #expect(registry.inFlightCount == 0)
    }

    @Test("a later request of any reason joins the fetch in flight instead of cancelling and restarting it")
    func neverRestarted() {
        var registry = InFlightRegistry<Int>()
        let first = registry.begin(root(1), reason: .attach)
        guard case .start(let id) = first else {
            Issue.record("the first request did not start a fetch")
            return
        }
        for reason in [FetchReason.invalidation, .revalidation, .heal, .refetch, .attach] {
            #expect(registry.begin(root(1), reason: reason) == .join(id))
        }
        #expect(registry.inFlightCount == 1)
        #expect(registry.fetchInFlight(for: root(1)) == id)

        let finished = registry.finish(id, outcome: done)
        #expect(
            finished
                == .completed(
                    FetchCompletion(
                        fetchID: id, root: root(1), reason: .attach,
                        joinedReasons: [.invalidation, .revalidation, .heal, .refetch, .attach], outcome: done),
                    resume: []))
    }

    @Test("each root has its own fetch in flight")
    func oneFetchPerRoot() {
        var registry = InFlightRegistry<Int>()
        let a = registry.begin(root(1), reason: .attach)
        let b = registry.begin(root(2), reason: .attach)
        #expect(a != b)
        #expect(registry.begin(root(2), reason: .heal) == .join(b.fetchID))
        #expect(registry.inFlightCount == 2)
    }

    @Test("after a fetch finishes, the next request for its root starts a new one with a new id")
    func startsAgainAfterFinish() {
        var registry = InFlightRegistry<Int>()
        let first = registry.begin(root(1), reason: .attach).fetchID
        _ = registry.finish(first, outcome: done)
        let second = registry.begin(root(1), reason: .revalidation)
        #expect(second == .start(FetchID(rawValue: first.rawValue + 1)))
    }

    @Test("finishing a fetch twice, or one never started, tells nobody")
    func doubleFinish() {
        var registry = InFlightRegistry<Int>()
        let id = registry.begin(root(1), reason: .attach).fetchID
        #expect(registry.finish(id, outcome: done) != .none)
        #expect(registry.finish(id, outcome: done) == .none)
        #expect(registry.finish(FetchID(rawValue: 77), outcome: done) == .none)
    }

    @Test("a stale finish does not end a later fetch of the same root")
    func staleFinish() {
        var registry = InFlightRegistry<Int>()
        let first = registry.begin(root(1), reason: .attach).fetchID
        _ = registry.finish(first, outcome: done)
        let second = registry.begin(root(1), reason: .refetch).fetchID
        #expect(registry.finish(first, outcome: done) == .none)
        #expect(registry.fetchInFlight(for: root(1)) == second)
    }

    @Test("a root's status is idle, then in flight, then the outcome of its last fetch")
    func status() {
        var registry = InFlightRegistry<Int>()
        #expect(registry.status(of: root(1)) == .idle)
        let id = registry.begin(root(1), reason: .attach).fetchID
        #expect(registry.status(of: root(1)) == .inFlight)
        let failedAt = WallInstant(secondsSince1970: 20)
        _ = registry.finish(id, outcome: .failed(at: failedAt, kind: .transport))
        #expect(registry.status(of: root(1)) == .failed(at: failedAt, kind: .transport))
        let again = registry.begin(root(1), reason: .revalidation).fetchID
        #expect(registry.status(of: root(1)) == .inFlight)
        _ = registry.finish(again, outcome: done)
        #expect(registry.status(of: root(1)) == .succeeded(at: WallInstant(secondsSince1970: 10)))
    }

    @Test("a fetch whose root was forgotten while in flight still completes and is recorded")
    func forgottenRootStillCompletes() {
        var registry = InFlightRegistry<Int>()
        let id = registry.begin(root(1), reason: .attach).fetchID
        registry.forget(root(1))
        #expect(registry.status(of: root(1)) == .inFlight)
        guard case .completed(let completion, _) = registry.finish(id, outcome: done) else {
            Issue.record("the fetch did not complete")
            return
        }
        #expect(completion.root == root(1))
        #expect(registry.status(of: root(1)) == .succeeded(at: WallInstant(secondsSince1970: 10)))
        registry.forget(root(1))
        #expect(registry.status(of: root(1)) == .idle)
    }

    @Test("a finish returns the fetch's waiters and followers to resume; waiting on a finished fetch keeps nothing")
    func finishReturnsWhoWaits() {
        var registry = InFlightRegistry<Int>()
        let id = registry.begin(root(1), reason: .attach).fetchID
        let waited1 = registry.wait(for: id, followingUp: false, 1)
        #expect(waited1)
        let waited2 = registry.wait(for: id, followingUp: true, 2)
        #expect(waited2)
        let waited3 = registry.wait(for: id, followingUp: false, 3)
        #expect(waited3)
        guard case .completed(let completion, let resume) = registry.finish(id, outcome: done) else {
            Issue.record("the fetch did not complete")
            return
        }
        #expect(completion.followUp == nil)
        #expect(resume == [1, 3, 2])
        let waited4 = registry.wait(for: id, followingUp: false, 4)
        #expect(!waited4)
        let waited5 = registry.wait(for: id, followingUp: true, 5)
        #expect(!waited5)
    }

    @Test(
        "a finish with a follow-up starts the root's next fetch: waiters are resumed, followers wait for the last follow-up"
    )
    func followUpChains() {
        var registry = InFlightRegistry<Int>()
        let first = registry.begin(root(1), reason: .attach).fetchID
        let waited6 = registry.wait(for: first, followingUp: false, 1)
        #expect(waited6)
        let waited7 = registry.wait(for: first, followingUp: true, 2)
        #expect(waited7)
        guard
            case .completed(let completion, let resume) = registry.finish(first, outcome: done, followUp: .invalidation),
            let second = completion.followUp
        else {
            Issue.record("the fetch was not followed up")
            return
        }
        #expect(resume == [1])
        #expect(registry.fetchInFlight(for: root(1)) == second)
        #expect(registry.status(of: root(1)) == .inFlight)
        let joined = registry.begin(root(1), reason: .heal)
        #expect(joined == .join(second))
        // Waiting on the finished fetch, following up, waits for its follow-up; without, nothing.
        let waited8 = registry.wait(for: first, followingUp: true, 3)
        #expect(waited8)
        let waited9 = registry.wait(for: first, followingUp: false, 4)
        #expect(!waited9)

        guard
            case .completed(let again, let resumeAgain) = registry.finish(
                second, outcome: done, followUp: .invalidation),
            let third = again.followUp
        else {
            Issue.record("the follow-up was not followed up")
            return
        }
        #expect(again.reason == .invalidation && again.joinedReasons == [.heal])
        #expect(resumeAgain.isEmpty)
        let waited10 = registry.wait(for: first, followingUp: true, 5)
        #expect(waited10)
        let last = registry.finish(third, outcome: done)
        #expect(
            last
                == .completed(
                    FetchCompletion(
                        fetchID: third, root: root(1), reason: .invalidation, joinedReasons: [], outcome: done),
                    resume: [2, 3, 5]))
        let waited11 = registry.wait(for: first, followingUp: true, 6)
        #expect(!waited11)
        #expect(registry.inFlightCount == 0)
    }
}
