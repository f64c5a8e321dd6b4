import GraphQLCore
import Primitives
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-leaf-list-field-errors")
struct LeafListFieldErrorRelaunchTests {
    @Test("an error at an item of a list of leaves is read back at the item after a relaunch")
    func itemErrorSurvivesRelaunch() throws {
        let directory = try TemporaryDirectory()
        let tagsRoot = try root("query Tags { viewer { __typename id tags } }")
        let error = FieldError(message: "tag failed", path: ["viewer", "tags", 1], extensions: ["code": "E8"])
        do {
            let (store, _, _) = try openStore(directory.file())
            let report = try store.publish(
                ["viewer": ["__typename": "User", "id": "u1", "tags": ["a", nil]]], to: tagsRoot,
                requestedAt: store.requestInstant(), fieldErrors: [error])
            #expect(report.storedFieldErrors == [0])
        }
        let (store, _, _) = try openStore(directory.file())
        #expect(store.record("User:u1")?.fields["tags"]?.value == .links([.scalar("a"), .fieldError(error)]))
        let snapshot = store.lookup(tagsRoot)
        #expect(!snapshot.isMissingData)
        #expect(snapshot.data?["viewer"]?["tags"] == ["a", nil])
        #expect(snapshot.fieldErrors == [error])
        #expect(store.check(tagsRoot).readsFieldErrors)
    }
}
