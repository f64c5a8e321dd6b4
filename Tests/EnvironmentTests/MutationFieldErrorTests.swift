import EventLogTesting
import Testing
import TransportTesting

@testable import Environment

/// A mutation's answer with field errors, written through the transaction path (an updater, an
/// optimistic layer): its errors are kept in the store as a query's are.
@Suite("Field errors of a mutation's answer", .timeLimit(.minutes(3)))
struct MutationFieldErrorTests {
    static let error = GraphQLServerError(
        message: "the friend is unavailable", path: ["unfriend", "bestFriend"], extensions: ["code": "E2"])

    /// `Unfriend`'s answer with `bestFriend` failed, and a request error without a path.
    static let answer = GraphQLResponse(
        data: ["unfriend": ["__typename": "User", "id": "u1", "bestFriend": nil]],
        errors: [error, GraphQLServerError(message: "slow down")])

    static let stored = RecordValue.fieldError(
        FieldError(message: "the friend is unavailable", path: ["unfriend", "bestFriend"], extensions: ["code": "E2"]))

    static func commit(
        optimisticResponse: JSONValue? = nil,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> Fixture {
        let fixture = Fixture()
        let unfriend = try Operations.operation("Unfriend")
        fixture.transport.answer(.identity(unfriend.identity), with: .response(Self.answer))
        let response = try await fixture.environment.commit(
            unfriend, optimisticResponse: optimisticResponse, updater: updater)
        #expect(response.errors.count == 2)
        #expect(fixture.transport.requestCount == 1)
        return fixture
    }

    @Test("with an updater: the error is stored at its field, with the updater's writes, and logged as a count")
    func withUpdater() async throws {
        let item = StoreRoot(operation: try Operations.item("1"))
        let fixture = try await Self.commit { transaction, _ in
            try transaction.publish(["item": ["__typename": "Item", "id": "1", "title": "kept"]], to: item)
        }
        #expect(fixture.store.record("User:u1")?["bestFriend"] == Self.stored)
        #expect(fixture.store.record("Item:1")?["title"] == .scalar("kept"))
        #expect(fixture.events(named: "fieldErrorsStored").count == 1)
    }

    @Test("after an optimistic layer: the layer goes and the answer's error is stored at its field")
    func afterOptimisticLayer() async throws {
        let fixture = try await Self.commit(
            optimisticResponse: ["unfriend": ["__typename": "User", "id": "u1", "bestFriend": nil]])
        #expect(fixture.store.record("User:u1")?["bestFriend"] == Self.stored)
        #expect(fixture.events(named: "fieldErrorsStored").count == 1)
    }

    @Test("without either: the error is stored as before, and now logged as a count")
    func plain() async throws {
        let fixture = try await Self.commit()
        #expect(fixture.store.record("User:u1")?["bestFriend"] == Self.stored)
        #expect(fixture.events(named: "fieldErrorsStored").count == 1)
    }
}
