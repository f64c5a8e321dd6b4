import Testing
import TransportTesting

@testable import Environment

/// A `null` where the decoded type has no optional fails with `NullValueError`, which names the path
/// and carries the field error when one made the `null`.
@Suite("NullValueError for a null at a non-null position", .timeLimit(.minutes(3)))
struct NullValueErrorTests {
    struct UnfriendData: Decodable, Sendable {
        struct User: Decodable, Sendable {
            struct Friend: Decodable, Sendable { var id: String }
            var bestFriend: Friend
        }
        var unfriend: User
    }

    struct ItemData: Decodable, Sendable {
        struct Item: Decodable, Sendable { var count: Int }
        var item: Item
    }

    @Test("a typed commit whose answer's field error made the null fails with the error, the data written")
    func typedCommitCarriesTheFieldError() async throws {
        let fixture = Fixture()
        let unfriend = try Operations.operation("Unfriend")
        fixture.transport.answer(.identity(unfriend.identity), with: .response(MutationFieldErrorTests.answer))
        let error = await #expect(throws: NullValueError.self) {
            try await fixture.environment.commit(unfriend, as: UnfriendData.self)
        }
        #expect(error?.code == .fieldError)
        #expect(error?.path == ["unfriend", "bestFriend"])
        #expect(error?.fieldError?.message == "the friend is unavailable")
        #expect(error?.operationName == "Unfriend")
        #expect(error?.message.contains("unfriend.bestFriend") == true)
        #expect(error?.message.contains("unavailable") == false)
        #expect(fixture.store.record("User:u1")?["bestFriend"] == MutationFieldErrorTests.stored)
        #expect(fixture.transport.requestCount == 1)
    }

    @Test("a null with no field error fails the typed phase with nullWithoutError, naming the path and no value")
    func nullWithoutError() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        fixture.answer(detail, with: ["item": ["__typename": "Item", "id": "1", "title": "secret", "count": nil]])
        let handle = fixture.environment.attach(detail, as: ItemData.self)
        _ = try await handle.handle.loaded()
        let error = try #require(handle.phase.error as? NullValueError)
        #expect(error.code == .nullWithoutError)
        #expect(error.path == ["item", "count"])
        #expect(error.fieldError == nil)
        #expect(error.message.contains("item.count"))
        #expect(!error.message.contains("secret"))
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }
}
