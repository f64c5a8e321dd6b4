import EventLogTesting
import Testing
import TransportTesting

@testable import Environment

@Suite("Field errors kept in the store")
struct FieldErrorTests {
    /// A second screen over the same item's `count`, through aliases.
    static func itemCount(_ id: String) throws -> GraphQLOperation {
        try CompiledDocument(
            text: "query ItemCount($id: ID!) { product: item(id: $id) { amount: count } }", schema: Operations.schema
        ).operation(named: "ItemCount", variables: ["id": .string(id)])
    }

    /// `ItemDetail`'s answer with `count` failed, and a request error without a path.
    static let erroredDetail = GraphQLResponse(
        data: ["item": ["__typename": "Item", "id": "1", "title": "t", "count": nil]],
        errors: [
            GraphQLServerError(message: "count is unavailable", path: ["item", "count"], extensions: ["code": "E1"]),
            GraphQLServerError(message: "rate limited soon"),
        ])

    @Test(
        "a field error one query's answer stored is in the phase of another handle that reads the field, at its own path"
    )
    func secondHandleSeesStoredError() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        fixture.transport.answer(.identity(detail.identity), with: .response(Self.erroredDetail))
        let handle = fixture.environment.attach(detail)
        let snapshot = try await handle.loaded()
        #expect(snapshot.data?["item"]?["count"] == .null)
        #expect(
            handle.phase.fieldErrors
                == [FieldError(message: "count is unavailable", path: ["item", "count"], extensions: ["code": "E1"])])
        // Only the request-level error stays on the handle's server errors.
        #expect(handle.serverErrors.map(\.message) == ["rate limited soon"])

        let other = fixture.environment.attach(try Self.itemCount("1"))
        let otherSnapshot = try await other.loaded()
        #expect(otherSnapshot.data == ["product": ["amount": nil]])
        #expect(other.phase.fieldErrors.map(\.path) == [["product", "amount"]])
        #expect(other.phase.fieldErrors.map(\.message) == ["count is unavailable"])
        #expect(other.serverErrors.isEmpty)
        // The second screen's data was in the store (an error is data): it sent nothing.
        #expect(fixture.events(named: "fetchStarted").count == 1)
        #expect(fixture.transport.requestCount == 1)
        handle.release()
        other.release()
    }

    @Test("a stored error is not missing data: no heal, 0 requests until revalidate(), which refetches the root once")
    func noHealLoopAndRevalidateOnce() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        fixture.transport.answerOnce(.identity(detail.identity), with: .response(Self.erroredDetail))
        fixture.transport.answer(
            .identity(detail.identity), with: .data(Operations.itemDetailData("1", title: "t", count: 4)))
        let handle = fixture.environment.attach(detail)
        _ = try await handle.loaded()
        #expect(fixture.transport.requestCount == 1)

        // Another operation's write to the same record tells the root; nothing is healed.
        try fixture.publish(Operations.itemData("1", title: "renamed"), for: try Operations.item("1"))
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "renamed")
        #expect(handle.phase.fieldErrors.count == 1)
        #expect(fixture.events(named: "fetchStarted").count == 1)

        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 1)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 2)
        #expect(handle.phase.fieldErrors.isEmpty)
        #expect(handle.phase.snapshot?.data?["item"]?["count"] == 4)

        // The clean answer replaced the error: a second revalidation finds the root fresh.
        let again = fixture.environment.revalidate()
        #expect(again.started == 0)
        await again.finished()
        #expect(fixture.transport.requestCount == 2)
        handle.release()
    }

    @Test("revalidate() leaves a root that reads a stored error alone when only a storeOnly holder keeps it")
    func storeOnlyHolderNotRefetched() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        try fixture.store.publish(
            Self.erroredDetail.data ?? .null, to: StoreRoot(operation: detail),
            requestedAt: fixture.store.requestInstant(),
            fieldErrors: [FieldError(message: "count is unavailable", path: ["item", "count"])])
        let handle = fixture.environment.attach(detail, policy: .storeOnly)
        #expect(handle.phase.fieldErrors.count == 1)
        let revalidation = fixture.environment.revalidate()
        #expect(revalidation.started == 0)
        await revalidation.finished()
        #expect(fixture.transport.requestCount == 0)
        handle.release()
    }

    @Test("the event log records how many field errors were stored, and no message, path or extension")
    func eventLogCountsStoredErrors() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        fixture.transport.answer(.identity(detail.identity), with: .response(Self.erroredDetail))
        let handle = fixture.environment.attach(detail)
        _ = try await handle.loaded()
        let stored = fixture.events(named: "fieldErrorsStored")
        #expect(stored.count == 1)
        guard case .fieldErrorsStored(_, _, let reason, let count)? = stored.first else { return }
        #expect(reason == .attach)
        #expect(count == 1)
        handle.release()
    }
}
