import Foundation
import GraphQLCore
import Primitives
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-migration")
struct MigrationTests {
    /// A copy of the committed format-1 file (written by `scripts/fixtures/sqlite-format-1.py`) in
    /// a directory of the test's own, so opening it migrates the copy.
    static func formatOneCopy(in directory: TemporaryDirectory) throws -> String {
        let fixture = try #require(
            Bundle.module.url(forResource: "format-1", withExtension: "sqlite", subdirectory: "Fixtures"))
        try FileManager.default.copyItem(atPath: fixture.path, toPath: directory.file())
        return directory.file()
    }

    @Test("a file of format 1 is migrated in place: its records, write times and invalidation point are kept")
    func migratesFormatOne() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.formatOneCopy(in: directory)
        let events = EventRecorder()
        let feedRoot = try root("query Feed { feed { __typename id title } }")
        do {
            let (store, _, _) = try openStore(path, configuration: .init(log: events.record))
            #expect(events.events == [.migrated(from: 1, to: FileFormat.version)])
            #expect(store.recordCount == 2)
            #expect(store.invalidationPoint == WallInstant(secondsSince1970: 999_000))
            let snapshot = store.lookup(feedRoot)
            #expect(snapshot.data == ["feed": [["__typename": "Post", "id": "p0", "title": "from format 1"]]])
            #expect(snapshot.oldestWriteTime == WallInstant(secondsSince1970: 1_000_000))
            // The migrated file takes what the new format adds: roots screens read.
            store.subscribe(to: feedRoot) { _ in }.cancel()
            try store.publish(["feed": [["__typename": "Post", "id": "p1", "title": "new"]]], to: feedRoot)
        }
        let reopenEvents = EventRecorder()
        let (store, _, _) = try openStore(path, configuration: .init(log: reopenEvents.record))
        #expect(reopenEvents.events.isEmpty)
        #expect(store.recordCount == 3)
        // Both steps ran: format 3's queue of mutations is there, empty.
        #expect(store.pendingMutations.isEmpty)
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 1, keptRecords: 2))
        let connection = try SQLiteConnection(path: path)
        #expect(try connection.scalar("PRAGMA user_version") == .integer(FileFormat.version))
    }

    @Test("a store file older than any migration step is reset to an empty store, and logged")
    func resetsOlderThanMigratable() throws {
        let directory = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: directory.file())
        try connection.execute(
            """
            CREATE TABLE records (id TEXT PRIMARY KEY, body TEXT); INSERT INTO records VALUES ('client:root', '{}');
            PRAGMA application_id = \(FileFormat.applicationID); PRAGMA user_version = 0;
            """)
        let events = EventRecorder()
        let (store, _, _) = try openStore(directory.file(), configuration: .init(log: events.record))
        #expect(events.events == [.resetOlderFormat(0)])
        #expect(store.recordCount == 0)
        try store.publish(feed(["one"]), to: try root(feedQuery))
        #expect(store.recordCount == 3)
    }
}
