import GraphQLCore
import Primitives
@_spi(RecordFormat) import StoreCore
import Testing

@Suite("Field errors staged in a transaction")
struct TransactionFieldErrorTests {
    /// `viewer { id name bio }`, the user keyed by id.
    static let profile = query([object("viewer", [typename, leaf("id"), leaf("name"), leaf("bio")])])

    @Test("a transaction's publish with field errors stages each error at its null, applied with the updater's writes")
    func stagedWithTheAnswer() throws {
        let store = makeStore()
        let error = FieldError(message: "bio failed", path: ["viewer", "bio"], extensions: ["code": "E1"])
        var stored: Set<Int> = []
        try store.update { transaction in
            stored = try transaction.publish(
                ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": nil]], to: Self.profile,
                fieldErrors: [error, FieldError(message: "request failed")])
            // Staged, not yet written: the store itself does not see it.
            #expect(store.record("User:1") == nil)
        }
        #expect(stored == [0])
        #expect(store.record("User:1")?["bio"] == .fieldError(error))
        #expect(store.lookup(Self.profile).fieldErrors.map(\.path) == [["viewer", "bio"]])
    }

    @Test("a transaction that throws after staging field errors writes none of them")
    func thrownTransactionWritesNothing() throws {
        struct Refused: Error {}
        let store = makeStore()
        #expect(throws: Refused.self) {
            try store.update { transaction in
                try transaction.publish(
                    ["viewer": ["__typename": "User", "id": "1", "name": "Ada", "bio": nil]], to: Self.profile,
                    fieldErrors: [FieldError(message: "bio failed", path: ["viewer", "bio"])])
                throw Refused()
            }
        }
        #expect(store.record("User:1") == nil)
    }
}
