@_spi(Runtime) import Scheduling
import Testing

@testable import Environment

/// "Whose last fetch failed" has one source (decision 0131): the in-flight registry's record of the
/// root's last fetch. Every handle that allows the network shows that record, with its error.
@Suite("One record of a root's last fetch")
struct FetchRecordTests {
    /// Whether `handle.fetch` and the registry's status of its root are the same case.
    static func agree(_ handle: Handle, _ fixture: Fixture) -> Bool {
        let status = fixture.environment.state.withLock { $0.registry.status(of: handle.operation.identity) }
        switch (handle.fetch, status) {
        case (.idle, .idle), (.inFlight, .inFlight), (.failed, .failed): return true
        case (.succeeded(let shown), .succeeded(let recorded)): return shown == recorded
        default: return false
        }
    }

    @Test(
        "a handle re-attached from the release buffer after a failed fetch shows that failure, and revalidate() retries it: 1 request"
    )
    func reattachAfterFailure() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "from the server"))
        fixture.transport.failOnce(.identity(item.identity))
        let first = fixture.environment.attach(item)
        #expect(await first.failure() is FetchError)
        try fixture.publish(Operations.itemData("1", title: "from another operation"), for: item)
        #expect(first.fetch.error is FetchError)
        first.release()

        let second = fixture.environment.attach(item)
        #expect(fixture.transport.requestCount == 1)
        #expect(second.phase.snapshot != nil)
        #expect(second.fetch.error is FetchError)
        #expect(Self.agree(second, fixture))

        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 1)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        #expect(second.phase.snapshot?.data?["item"]?["title"] == "from the server")
        #expect(Self.agree(second, fixture))
        second.release()
    }

    @Test(
        "through attaches, failures, successes, re-attaches and an eviction, every network handle's fetch is its root's record"
    )
    func handlesFollowTheRecord() async throws {
        let fixture = Fixture(releaseBufferSize: 1)
        let item = try Operations.item("1")
        let other = try Operations.item("2")
        fixture.answer(item, with: Operations.itemData("1", title: "t"))
        fixture.answer(other, with: Operations.itemData("2", title: "o"))
        fixture.transport.failOnce(.identity(item.identity))

        let failing = fixture.environment.attach(item)
        #expect(Self.agree(failing, fixture))
        _ = await failing.failure()
        let joining = fixture.environment.attach(item, policy: .storeAndNetwork)
        #expect(Self.agree(failing, fixture) && Self.agree(joining, fixture))
        _ = try await joining.loaded()
        #expect(Self.agree(failing, fixture) && Self.agree(joining, fixture))
        failing.release()
        joining.release()

        let back = fixture.environment.attach(item)
        #expect(Self.agree(back, fixture))
        #expect(back.fetch.isSucceeded)
        back.release()

        // Another root's release pushes this one out of the buffer: its record is forgotten with it.
        let pushing = fixture.environment.attach(other)
        _ = try await pushing.loaded()
        pushing.release()
        fixture.environment.collectGarbage()
        #expect(fixture.store.record("Item:1") == nil)
        let afterEviction = fixture.environment.attach(item, policy: .storeOnly)
        let network = fixture.environment.attach(item)
        #expect(Self.agree(network, fixture))
        _ = try await network.loaded()
        #expect(Self.agree(network, fixture))
        #expect(fixture.transport.requestCount == 4)
        afterEviction.release()
        network.release()
    }
}

extension FetchState {
    fileprivate var isSucceeded: Bool {
        if case .succeeded = self { return true }
        return false
    }
}
