import EventLog
import Foundation
import Testing
import TransportTesting

@testable import Environment

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mutations that do not reach the server wait in the queue with their optimistic layers on screen,
/// and are replayed in order; a scripted transport decides what reaches the server.
@Suite("Offline mutations: the queue in memory")
struct OfflineQueueTests {
    static let offline = TransportError(.cannotConnect, "scripted: no route to the server")

    static func rename(_ id: String, _ title: String) throws -> GraphQLOperation {
        try Operations.operation("Rename", variables: ["id": .string(id), "title": .string(title)])
    }

    static func renamed(_ id: String, _ title: String) -> JSONValue {
        ["rename": ["__typename": "Item", "id": .string(id), "title": .string(title)]]
    }

    static func title(_ handle: Handle) -> JSONValue? {
        handle.phase.snapshot?.data?["item"]?["title"]
    }

    /// Collects what the queue's observer is told.
    final class Observed: Sendable {
        let events = Locked<[QueuedMutationEvent]>([])
        var observer: @Sendable (QueuedMutationEvent) -> Void { { event in self.events.withLock { $0.append(event) } } }
        var outcomes: [String] {
            events.withLock { events in
                events.map { event in
                    switch event.outcome {
                    case .replayed: return "replayed"
                    case .rejected(let error): return "rejected \((error as? FetchError)?.code.name ?? "?")"
                    case .expired(let error): return "expired \(error.code)"
                    }
                }
            }
        }
    }

    /// The titles the Rename requests asked for, in the order they were sent.
    static func sentTitles(_ transport: ScriptedTransport) -> [String] {
        transport.requests(named: "Rename").compactMap { request in
            if case .string(let title)? = request.variables["title"] { return title }
            return nil
        }
    }

    @Test(
        "three mutations while the transport cannot connect: no failure, optimistic data on screen, 3 queued; revalidate() with the network back sends exactly those 3 in order, then refetches"
    )
    func threeQueuedThenReplayed() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "v1"))
        let handle = fixture.environment.attach(item, policy: .storeOrNetwork)
        _ = try await handle.loaded()
        #expect(fixture.transport.requestCount == 1)

        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        var outcomes: [CommitOutcome] = []
        for title in ["a", "b", "c"] {
            outcomes.append(
                try await fixture.environment.commit(
                    Self.rename("1", title), optimisticResponse: Self.renamed("1", title + "-optimistic"),
                    queueing: .queueable()))
        }
        // The first is sent and does not reach the server; the others queue behind it unsent.
        #expect(fixture.transport.requestCount == 2)
        #expect(outcomes.compactMap(\.queued).count == 3)
        #expect(outcomes.last?.queued?.description == "pending, 3 queued")
        #expect(fixture.environment.queuedMutations.count == 3)
        #expect(Self.title(handle) == "c-optimistic")

        for title in ["a", "b", "c"] {
            fixture.answer(try Self.rename("1", title), with: Self.renamed("1", title + "-server"))
        }
        fixture.answer(item, with: Operations.itemData("1", title: "c-server"))
        fixture.clock.advance(by: .seconds(61))
        let batch = fixture.environment.revalidate()
        #expect(batch.started == 0)
        await batch.finished()

        #expect(fixture.transport.requestCount == 6)
        #expect(Self.sentTitles(fixture.transport) == ["a", "a", "b", "c"])
        // The refetch comes after the replay: the last request is the item's.
        #expect(fixture.transport.requests.last?.operationName == "Item")
        #expect(Self.title(handle) == "c-server")
        #expect(fixture.environment.queuedMutations.isEmpty)
        // The first send and its replay carry the same idempotence ID; each mutation its own.
        let keys = fixture.transport.requests(named: "Rename").map { $0.headers["Idempotency-Key"] }
        #expect(keys[0] != nil && keys[0] == keys[1])
        #expect(Set(keys.compactMap { $0 }).count == 3)
        #expect(
            fixture.events(named: "mutationQueue").last
                == .mutationQueue(queued: 0, replayed: 3, rejected: 0, expired: 0, pending: 0))
        handle.release()
    }

    @Test("a commit not marked queueable that cannot connect fails and rolls back, as before; nothing is queued")
    func notQueueableFails() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        await #expect(throws: FetchError.self) {
            try await fixture.environment.commit(
                Self.rename("1", "a"), optimisticResponse: Self.renamed("1", "a"), queueing: .never)
        }
        #expect(Self.title(handle) == "v1")
        #expect(fixture.environment.queuedMutations.isEmpty)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("with the environment's default on, a plain commit that cannot connect returns the optimistic data, queued")
    func defaultQueues() async throws {
        let fixture = Fixture(mutationQueue: MutationQueueConfiguration(queuesByDefault: true))
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        let response = try await fixture.environment.commit(
            Self.rename("1", "a"), optimisticResponse: Self.renamed("1", "a-optimistic"))
        #expect(response.data == Self.renamed("1", "a-optimistic"))
        #expect(response.extensions["queued"]?["count"] == 1)
        #expect(Self.title(handle) == "a-optimistic")
        #expect(fixture.environment.queuedMutations.count == 1)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a failure where the server answered (HTTP 500, GraphQL errors) is not queued: it fails and rolls back")
    func answeredFailuresAreNotQueued() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.answerOnce(
            .operationName("Rename"), with: .failure(TransportError(.http, "scripted 500", status: 500)))
        fixture.transport.answerOnce(
            .operationName("Rename"), with: .response(GraphQLResponse(errors: [GraphQLServerError(message: "no")])))
        for _ in 0..<2 {
            await #expect(throws: FetchError.self) {
                try await fixture.environment.commit(
                    Self.rename("1", "a"), optimisticResponse: Self.renamed("1", "a"), queueing: .queueable())
            }
            #expect(Self.title(handle) == "v1")
        }
        #expect(fixture.environment.queuedMutations.isEmpty)
        #expect(fixture.transport.requestCount == 2)
        handle.release()
    }

    @Test("a replay that still cannot connect sends exactly 1 request and keeps all 3 queued, on screen")
    func unreachedStopsReplay() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        for title in ["a", "b", "c"] {
            try await fixture.environment.commit(
                Self.rename("1", title), optimisticResponse: Self.renamed("1", title), queueing: .queueable())
        }
        #expect(fixture.transport.requestCount == 1)
        let report = await fixture.environment.replayQueuedMutations()
        #expect(fixture.transport.requestCount == 2)
        #expect(report.stoppedUnreached)
        #expect(report.remaining == 3)
        #expect(Self.title(handle) == "c")
        handle.release()
    }

    @Test("a mutation the server rejects rolls back only its own layer, is reported typed, and the scope goes on")
    func rejectionRollsBackItsOwnLayer() async throws {
        let observed = Observed()
        let fixture = Fixture(mutationQueue: MutationQueueConfiguration(observer: observed.observer))
        var handles: [Handle] = []
        for id in ["1", "2", "3"] {
            let item = try Operations.item(id)
            try fixture.publish(Operations.itemData(id, title: "v1"), for: item)
            handles.append(fixture.environment.attach(item, policy: .storeOnly))
        }
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        for id in ["1", "2", "3"] {
            try await fixture.environment.commit(
                Self.rename(id, "new"), optimisticResponse: Self.renamed(id, "optimistic"), queueing: .queueable())
        }
        #expect(handles.map(Self.title) == ["optimistic", "optimistic", "optimistic"])
        fixture.answer(try Self.rename("1", "new"), with: Self.renamed("1", "server"))
        fixture.transport.answer(
            .identity(try Self.rename("2", "new").identity),
            with: .response(GraphQLResponse(errors: [GraphQLServerError(message: "not allowed")])))
        fixture.answer(try Self.rename("3", "new"), with: Self.renamed("3", "server"))

        let report = await fixture.environment.replayQueuedMutations()
        #expect(report.replayed == 2)
        #expect(report.rejected == 1)
        #expect(fixture.transport.requestCount == 4)
        #expect(handles.map(Self.title) == ["server", "v1", "server"])
        #expect(observed.outcomes == ["replayed", "rejected graphQLErrors", "replayed"])
        for handle in handles { handle.release() }
    }

    @Test("two scopes replay independently: a rejection stops the scope whose rule is stop, the other goes on")
    func twoScopes() async throws {
        let observed = Observed()
        let fixture = Fixture(
            mutationQueue: MutationQueueConfiguration(rejectionRules: ["likes": .stop], observer: observed.observer))
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        // likes: items 1 then 2; comments: items 3 then 4. Item 1 is rejected.
        for (id, scope) in [("1", "likes"), ("3", "comments"), ("2", "likes"), ("4", "comments")] {
            let outcome = try await fixture.environment.commit(
                Self.rename(id, "new"), optimisticResponse: Self.renamed(id, "optimistic"),
                queueing: .queueable(scope: scope))
            #expect(outcome.queued?.scope == scope)
        }
        // One failed send per scope; the second of each scope queued unsent.
        #expect(fixture.transport.requestCount == 2)
        fixture.transport.answer(
            .identity(try Self.rename("1", "new").identity),
            with: .response(GraphQLResponse(errors: [GraphQLServerError(message: "not allowed")])))
        for id in ["2", "3", "4"] { fixture.answer(try Self.rename(id, "new"), with: Self.renamed(id, "server")) }

        let report = await fixture.environment.replayQueuedMutations()
        #expect(report.rejected == 1)
        #expect(report.replayed == 2)
        #expect(fixture.transport.requestCount == 5)
        let sentIDs = fixture.transport.requests(named: "Rename").dropFirst(2).compactMap { $0.variables["id"] }
        #expect(sentIDs.filter { $0 == "1" || $0 == "2" } == ["1"])
        #expect(sentIDs.filter { $0 == "3" || $0 == "4" } == ["3", "4"])
        #expect(fixture.environment.queuedMutations.map(\.scope) == ["likes"])
        #expect(fixture.environment.queuedMutations.first?.description == "pending, 1 queued")

        // The next replay sends the likes scope's remaining mutation.
        let next = await fixture.environment.replayQueuedMutations()
        #expect(next.replayed == 1)
        #expect(fixture.transport.requestCount == 6)
    }

    @Test("a queued mutation older than the maximum age expires typed at the next replay and rolls back, unsent")
    func expiryByAge() async throws {
        let observed = Observed()
        let fixture = Fixture(
            mutationQueue: MutationQueueConfiguration(maximumAge: .seconds(60), observer: observed.observer))
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        try await fixture.environment.commit(
            Self.rename("1", "a"), optimisticResponse: Self.renamed("1", "a"), queueing: .queueable())
        fixture.clock.advance(by: .seconds(30))
        try await fixture.environment.commit(
            Self.rename("1", "b"), optimisticResponse: Self.renamed("1", "b"), queueing: .queueable())
        #expect(Self.title(handle) == "b")
        fixture.clock.advance(by: .seconds(31))

        fixture.answer(try Self.rename("1", "b"), with: Self.renamed("1", "b-server"))
        let report = await fixture.environment.replayQueuedMutations()
        #expect(report.expired == 1)
        #expect(report.replayed == 1)
        #expect(Self.sentTitles(fixture.transport) == ["a", "b"])
        #expect(observed.outcomes == ["expired expired", "replayed"])
        #expect(Self.title(handle) == "b-server")
        #expect(
            fixture.events(named: "mutationQueue").contains(
                .mutationQueue(queued: 0, replayed: 0, rejected: 0, expired: 1, pending: 1)))
        handle.release()
    }

    @Test("queueing past the maximum length expires the oldest, typed, and rolls back its layer only")
    func expiryByLength() async throws {
        let observed = Observed()
        let fixture = Fixture(mutationQueue: MutationQueueConfiguration(maximumLength: 2, observer: observed.observer))
        var handles: [Handle] = []
        for id in ["1", "2", "3"] {
            let item = try Operations.item(id)
            try fixture.publish(Operations.itemData(id, title: "v1"), for: item)
            handles.append(fixture.environment.attach(item, policy: .storeOnly))
        }
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        for id in ["1", "2", "3"] {
            try await fixture.environment.commit(
                Self.rename(id, "new"), optimisticResponse: Self.renamed(id, "optimistic"), queueing: .queueable())
        }
        #expect(handles.map(Self.title) == ["v1", "optimistic", "optimistic"])
        #expect(observed.outcomes == ["expired queueFull"])
        #expect(fixture.environment.queuedMutations.count == 2)
        for handle in handles { handle.release() }
    }

    @Test("the log counts queued, replayed, rejected and expired mutations, and holds no variable or idempotence ID")
    func logIsValueFree() async throws {
        let fixture = Fixture()
        fixture.transport.answer(.operationName("Rename"), with: .failure(Self.offline))
        let id = "secret-idempotence-id"
        try await fixture.environment.commit(
            Self.rename("1", "secret title"), optimisticResponse: Self.renamed("1", "secret title"),
            queueing: .queueable(id: id))
        #expect(
            fixture.events(named: "mutationQueue")
                == [.mutationQueue(queued: 1, replayed: 0, rejected: 0, expired: 0, pending: 1)])
        let text = fixture.sink.events.map { String(describing: $0) }.joined()
        #expect(!text.contains("secret"))
    }

    @Test("which URL loading failures count as not reaching the server")
    func classification() {
        func transportError(_ code: URLError.Code) -> TransportError {
            TransportError(.cannotConnect, "test", underlying: URLError(code))
        }
        for code in [URLError.Code.notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed] {
            #expect(ServerReach.isUnreached(transportError(code)))
        }
        #expect(ServerReach.isUnreached(TransportError(.timedOut, "test", underlying: URLError(.timedOut))))
        #expect(!ServerReach.isUnreached(transportError(.httpTooManyRedirects)))
        #expect(!ServerReach.isUnreached(transportError(.userAuthenticationRequired)))
        #expect(!ServerReach.isUnreached(TransportError(.http, "test", status: 503)))
        #expect(!ServerReach.isUnreached(TransportError(.truncated, "test")))
        #expect(!ServerReach.isUnreached(TransportError(.cancelled, "test")))
        #expect(!ServerReach.isUnreached(CancellationError()))
    }
}
