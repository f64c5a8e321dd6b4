import Foundation
import GraphQLCore
import Primitives
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-pending mutations")
struct PendingMutationTests {
    static func pending(_ id: String, sequence: Int64, payload: [UInt8] = [1, 2, 3]) -> PendingMutation {
        PendingMutation(
            id: id, scope: "default", sequence: sequence, queuedAt: WallInstant(secondsSince1970: 1_000),
            payload: payload)
    }

    @Test("queued mutations and their optimistic layer are kept in the file, in order, and removed one by one")
    func keptAcrossReopen() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.queueOptimistic(
                "layer-b", feed(["optimistic"]), to: feedRoot, keeping: Self.pending("b", sequence: 2))
            try store.queueOptimistic("layer-a", nil, to: feedRoot, keeping: Self.pending("a", sequence: 1))
            // The layer shows at once; the records under it are untouched.
            #expect(store.lookup(feedRoot).data == feed(["optimistic"]))
            #expect(store.recordCount == 0)
        }
        do {
            let (store, _, _) = try openStore(directory.file())
            #expect(store.pendingMutations.map(\.id) == ["a", "b"])
            #expect(store.pendingMutations.last == Self.pending("b", sequence: 2))
            store.removePending("a", layer: nil)
        }
        let (store, _, _) = try openStore(directory.file())
        #expect(store.pendingMutations.map(\.id) == ["b"])
    }

    @Test("a file of format 2 opens: it gains the empty queue table, and its records are kept")
    func migratesFormatTwo() throws {
        let directory = try TemporaryDirectory()
        do {
            let connection = try SQLiteConnection(path: directory.file())
            try connection.execute(
                """
                CREATE TABLE meta (name TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;
                CREATE TABLE keys (position INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
                CREATE TABLE records (id TEXT PRIMARY KEY NOT NULL, bytes BLOB NOT NULL) WITHOUT ROWID;
                CREATE TABLE roots (id INTEGER PRIMARY KEY, root BLOB NOT NULL UNIQUE, lastRead INTEGER NOT NULL);
                INSERT INTO meta (name, value) VALUES ('recordCount', 0);
                PRAGMA application_id = \(FileFormat.applicationID); PRAGMA user_version = 2;
                """)
        }
        let events = EventRecorder()
        let (store, _, _) = try openStore(directory.file(), configuration: .init(log: events.record))
        #expect(events.events == [.migrated(from: 2, to: FileFormat.version)])
        #expect(store.pendingMutations.isEmpty)
        try store.queueOptimistic("layer", nil, to: try root(feedQuery), keeping: Self.pending("a", sequence: 1))
        #expect(store.pendingMutations.map(\.id) == ["a"])
        let connection = try SQLiteConnection(path: directory.file())
        #expect(try connection.scalar("PRAGMA user_version") == .integer(3))
    }
}
