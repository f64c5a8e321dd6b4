import GraphQLCore
import Primitives
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-field-errors")
struct FieldErrorRelaunchTests {
    @Test("a stored field error is read back after a relaunch, with its message, server path and extensions")
    func fieldErrorSurvivesRelaunch() throws {
        let directory = try TemporaryDirectory()
        let profileRoot = try root(profileQuery)
        let error = FieldError(message: "name failed", path: ["viewer", "name"], extensions: ["code": "E7"])
        do {
            let (store, _, _) = try openStore(directory.file())
            let report = try store.publish(
                ["viewer": ["__typename": "User", "id": "u1", "name": nil]], to: profileRoot,
                requestedAt: store.requestInstant(), fieldErrors: [error])
            #expect(report.storedFieldErrors == [0])
        }
        let (store, _, _) = try openStore(directory.file())
        #expect(store.record("User:u1")?.fields["name"]?.value == .fieldError(error))
        let snapshot = store.lookup(profileRoot)
        #expect(!snapshot.isMissingData)
        #expect(snapshot.fieldErrors == [error])
        #expect(store.check(profileRoot).readsFieldErrors)
    }

    @Test("a file of format 2 opens in this library migrated to format 3, its records read as they were")
    func formatTwoMigrates() throws {
        let directory = try TemporaryDirectory()
        let profileRoot = try root(profileQuery)
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.publish(["viewer": ["__typename": "User", "id": "u1", "name": "Grace"]], to: profileRoot)
        }
        do {
            let connection = try SQLiteConnection(path: directory.file())
            // A format-2 file had no table of queued mutations.
            try connection.execute("DROP TABLE pending; PRAGMA user_version = 2")
        }
        let events = EventRecorder()
        let (store, _, _) = try openStore(directory.file(), configuration: .init(log: events.record))
        #expect(events.events == [.migrated(from: 2, to: 3)])
        #expect(store.lookup(profileRoot).data == ["viewer": ["__typename": "User", "id": "u1", "name": "Grace"]])
    }
}
