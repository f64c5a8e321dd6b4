import Testing

@testable import Environment

/// `Handle.refetch()` and `Handle.loaded()`: the calls a screen awaits.
@Suite("Refetch and awaiting a handle")
struct RefetchTests {
    @Test("refetch() sends one request, keeps the data on screen while it runs, and returns the new snapshot")
    func refetch() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.transport.answerOnce(.identity(item.identity), with: .data(Operations.itemData("1", title: "old")))
        fixture.answer(item, with: Operations.itemData("1", title: "new"))
        let handle = fixture.environment.attach(item)
        _ = try await handle.loaded()
        let recorder = PhaseRecorder(handle)

        let snapshot = try await handle.refetch()
        #expect(snapshot.data?["item"]?["title"] == "new")
        #expect(fixture.transport.requestCount == 2)
        #expect(fixture.events(named: "fetchStarted").last == LoggedOperation(item).started(.refetch))
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loaded", "loaded"])
        #expect(phases.map { $0.snapshot?.data?["item"]?["title"] } == ["old", "new"])
    }

    @Test("refetch() joins a fetch in flight: two refetches and a revalidation make 1 request")
    func joins() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "t"))
        try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        let handle = fixture.environment.attach(item)
        #expect(fixture.transport.requestCount == 0)
        fixture.transport.hold(.identity(item.identity))

        async let first = handle.refetch()
        _ = await fixture.transport.request(at: 0)
        // The second refetch runs as a child task: it has joined once its join is logged, and only
        // then may the fetch end (a later start would be a second request).
        let mark = fixture.sink.mark()
        async let second = handle.refetch()
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "fetchShared" }
        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.joined == 1)
        fixture.transport.releaseAll()
        let titles = try await [first, second].map { $0.data?["item"]?["title"] }
        #expect(titles == ["t", "t"])
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("refetch() throws the fetch's error, and the data stays on screen")
    func throwsTheFetchError() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        fixture.transport.failOnce(.identity(item.identity), with: TransportError(.timedOut, "slow"))
        let handle = fixture.environment.attach(item)
        let error = await #expect(throws: FetchError.self) { try await handle.refetch() }
        #expect(error?.code == .transport)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "cached")
        #expect(handle.fetch.error is FetchError)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a storeOnly handle's refetch() throws HandleError storeOnly and sends nothing")
    func storeOnlyRefuses() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        let error = await #expect(throws: HandleError.self) { try await handle.refetch() }
        #expect(error?.code == .storeOnly)
        #expect(fixture.transport.requestCount == 0)
        #expect(fixture.events(named: "fetchStarted").isEmpty)
        handle.release()
    }

    @Test("refetch() on a released handle throws HandleError released, sends nothing and leaves the store as it was")
    func releasedRefuses() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "cached"), for: item)
        let handle = fixture.environment.attach(item)
        handle.release()
        let error = await #expect(throws: HandleError.self) { try await handle.refetch() }
        #expect(error?.code == .released)
        #expect(fixture.transport.requestCount == 0)
        #expect(fixture.store.lookup(StoreRoot(operation: item)).data?["item"]?["title"] == "cached")
    }

    @Test("a write that breaks the data while a refetch is in flight keeps the complete data on screen until it lands")
    func breakDuringRefetch() async throws {
        let fixture = Fixture()
        let viewer = try Operations.operation("Viewer")
        fixture.transport.answerOnce(
            .identity(viewer.identity), with: .data(HealTests.viewer(friend: "2", name: "Grace")))
        let handle = fixture.environment.attach(viewer)
        _ = try await handle.loaded()
        let recorder = PhaseRecorder(handle)
        fixture.transport.hold(.identity(viewer.identity))
        fixture.answer(viewer, with: HealTests.viewer(friend: "3", name: "Linus"))

        async let refetched = handle.refetch()
        _ = await fixture.transport.request(at: 1)
        try HealTests.breakViewer(fixture)
        #expect(handle.phase.snapshot?.data?["viewer"]?["bestFriend"]?["name"] == "Grace")
        fixture.transport.releaseAll()
        #expect(try await refetched.data?["viewer"]?["bestFriend"]?["name"] == "Linus")
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished()
        #expect(phases.map(\.description) == ["loaded", "loaded"])
        #expect(HealTests.friendNames(phases) == ["Grace", "Linus"])
    }

    @Test("loaded() returns the first complete snapshot, at once when the handle already has it")
    func loaded() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "t"))
        fixture.transport.hold(.identity(item.identity))
        let handle = fixture.environment.attach(item)
        async let snapshot = handle.loaded()
        _ = await fixture.transport.request(at: 0)
        fixture.transport.releaseAll()
        #expect(try await snapshot.data?["item"]?["title"] == "t")
        #expect(try await handle.loaded().data?["item"]?["title"] == "t")
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("loaded() throws the failure when the handle fails first, and HandleError released when it is released first")
    func loadedThrows() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.transport.failOnce(.identity(item.identity))
        let failing = fixture.environment.attach(item)
        await #expect(throws: FetchError.self) { try await failing.loaded() }
        failing.release()

        let other = try Operations.item("2")
        fixture.transport.hold(.identity(other.identity))
        let released = fixture.environment.attach(other)
        let waiting = Task { try await released.loaded() }
        _ = await fixture.transport.request(at: 1)
        released.release()
        let error = await #expect(throws: HandleError.self) { try await waiting.value }
        #expect(error?.code == .released)
        let storeOnly = fixture.environment.attach(try Operations.item("3"), policy: .storeOnly)
        await #expect(throws: MissingDataError.self) { try await storeOnly.loaded() }
        storeOnly.release()
        fixture.transport.releaseAll()
    }

    @Test("a phases iterator started late begins with the current phase, then gets each change")
    func latePhasesIterator() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.transport.answerOnce(.identity(item.identity), with: .data(Operations.itemData("1", title: "first")))
        fixture.answer(item, with: Operations.itemData("1", title: "second"))
        let handle = fixture.environment.attach(item)
        _ = try await handle.loaded()
        var iterator = handle.phases.makeAsyncIterator()
        #expect(await iterator.next()?.snapshot?.data?["item"]?["title"] == "first")
        try await handle.refetch()
        #expect(await iterator.next()?.snapshot?.data?["item"]?["title"] == "second")
        handle.release()
        #expect(await iterator.next() == nil)
    }
}
