import GraphQLCore
import Primitives
import Scheduling
import Testing

private let done = FetchOutcome.succeeded(at: WallInstant(secondsSince1970: 10))

@Suite("InFlightRegistry")
struct InFlightRegistryTests {
    @Test("1,000 begins for one identity start one fetch and join it 999 times")
    func thousandBegins() throws {
        var registry = InFlightRegistry()
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

        guard case .completed(let completion) = registry.finish(id, outcome: done) else {
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
        var registry = InFlightRegistry()
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
                        joinedReasons: [.invalidation, .revalidation, .heal, .refetch, .attach], outcome: done)))
    }

    @Test("each root has its own fetch in flight")
    func oneFetchPerRoot() {
        var registry = InFlightRegistry()
        let a = registry.begin(root(1), reason: .attach)
        let b = registry.begin(root(2), reason: .attach)
        #expect(a != b)
        #expect(registry.begin(root(2), reason: .heal) == .join(b.fetchID))
        #expect(registry.inFlightCount == 2)
    }

    @Test("after a fetch finishes, the next request for its root starts a new one with a new id")
    func startsAgainAfterFinish() {
        var registry = InFlightRegistry()
        let first = registry.begin(root(1), reason: .attach).fetchID
        _ = registry.finish(first, outcome: done)
        let second = registry.begin(root(1), reason: .revalidation)
        #expect(second == .start(FetchID(rawValue: first.rawValue + 1)))
    }

    @Test("finishing a fetch twice, or one never started, tells nobody")
    func doubleFinish() {
        var registry = InFlightRegistry()
        let id = registry.begin(root(1), reason: .attach).fetchID
        #expect(registry.finish(id, outcome: done) != .none)
        #expect(registry.finish(id, outcome: done) == .none)
        #expect(registry.finish(FetchID(rawValue: 77), outcome: done) == .none)
    }

    @Test("a stale finish does not end a later fetch of the same root")
    func staleFinish() {
        var registry = InFlightRegistry()
        let first = registry.begin(root(1), reason: .attach).fetchID
        _ = registry.finish(first, outcome: done)
        let second = registry.begin(root(1), reason: .refetch).fetchID
        #expect(registry.finish(first, outcome: done) == .none)
        #expect(registry.fetchInFlight(for: root(1)) == second)
    }

    @Test("a root's status is idle, then in flight, then the outcome of its last fetch")
    func status() {
        var registry = InFlightRegistry()
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
        var registry = InFlightRegistry()
        let id = registry.begin(root(1), reason: .attach).fetchID
        registry.forget(root(1))
        #expect(registry.status(of: root(1)) == .inFlight)
        guard case .completed(let completion) = registry.finish(id, outcome: done) else {
            Issue.record("the fetch did not complete")
            return
        }
        #expect(completion.root == root(1))
        #expect(registry.status(of: root(1)) == .succeeded(at: WallInstant(secondsSince1970: 10)))
        registry.forget(root(1))
        #expect(registry.status(of: root(1)) == .idle)
    }
}
