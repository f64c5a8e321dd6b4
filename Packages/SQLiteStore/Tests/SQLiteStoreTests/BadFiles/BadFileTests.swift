import Foundation
import GraphQLCore
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-bad files")
struct BadFileTests {
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A SQLite database at `path` whose header says `applicationID` and `version`, with one table.
    static func database(at path: String, applicationID: Int64, version: Int64) throws {
        let connection = try SQLiteConnection(path: path)
        try connection.execute(
            """
            CREATE TABLE things (name TEXT); INSERT INTO things VALUES ('kept');
            PRAGMA application_id = \(applicationID); PRAGMA user_version = \(version);
            """)
    }

    @Test("a file that is not a database fails with corrupt, or is replaced by an empty store and logged")
    func garbageFile() throws {
        let directory = try TemporaryDirectory()
        try Self.write(Array(repeating: 0x5A, count: 8192), to: directory.file())
        #expect {
            _ = try SQLiteRecordSource(path: directory.file(), configuration: .init(unusableFile: .fail))
        } throws: { ($0 as? SQLiteStoreError)?.code == .corrupt }
        let events = EventRecorder()
        let (store, _, location) = try openStore(directory.file(), configuration: .init(log: events.record))
        #expect(location == .file(directory.file()))
        #expect(events.events == [.reopenedEmpty(.corrupt)])
        #expect(store.recordCount == 0)
        try store.publish(feed(["one"]), to: try root(feedQuery))
        let (reopened, _, _) = try openStore(directory.file())
        #expect(reopened.recordCount == 3)
    }

    @Test("a file reopened empty is moved aside, not deleted, and only the last one is kept")
    func movedAside() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file()
        let aside = path + ".unusable"
        // What an earlier move left, with a WAL: replaced whole by the next one.
        try Self.write(Array(repeating: 1, count: 4096), to: aside)
        try Self.write(Array(repeating: 2, count: 100), to: aside + "-wal")
        var generator = SplitMix(seed: 7)
        for attempt in 0..<2 {
            let noise = (0..<8192).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            try Self.write(noise, to: path)
            let events = EventRecorder()
            let (store, _, location) = try openStore(path, configuration: .init(log: events.record))
            #expect(events.events == [.reopenedEmpty(.corrupt)], "attempt \(attempt)")
            #expect(location == .file(path))
            #expect(store.recordCount == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data(noise))
            #expect(!FileManager.default.fileExists(atPath: aside + "-wal"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.contains(".unusable")
        }
        #expect(names == ["store.sqlite.unusable"])
    }

    @Test("a read-only file fails with readOnly, or the store lives in memory and the file is left as it was")
    func readOnlyFile() throws {
        let directory = try TemporaryDirectory()
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.publish(feed(["kept"]), to: try root(feedQuery))
        }
        // The file cannot be written by the writer's user; the directory can, so SQLite opens it
        // (read-only) without an error, as it would an app's file whose permissions were taken away.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: directory.file())
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.file()))
        let failing = try CrashWriter(["open", directory.file(), "fail"], asUnprivileged: true)
        #expect(failing.remainingLines() == ["error readOnly"])
        let reopening = try CrashWriter(["open", directory.file(), "reopen"], asUnprivileged: true)
        #expect(reopening.remainingLines() == ["opened memory", "published"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file())) == before)
        #expect(!FileManager.default.fileExists(atPath: directory.file() + ".unusable"))
    }

    @Test("a file of a newer format fails with incompatibleFormat, or is replaced by an empty store")
    func newerFormat() throws {
        let directory = try TemporaryDirectory()
        try Self.database(
            at: directory.file(), applicationID: FileFormat.applicationID, version: FileFormat.version + 1)
        #expect {
            _ = try SQLiteRecordSource(path: directory.file(), configuration: .init(unusableFile: .fail))
        } throws: { ($0 as? SQLiteStoreError)?.code == .incompatibleFormat }
        let events = EventRecorder()
        let (store, _, _) = try openStore(directory.file(), configuration: .init(log: events.record))
        #expect(events.events == [.reopenedEmpty(.incompatibleFormat)])
        #expect(store.recordCount == 0)
    }

    @Test("another application's database is never replaced: notAStore, and the file is left as it was")
    func foreignDatabase() throws {
        let directory = try TemporaryDirectory()
        try Self.database(at: directory.file(), applicationID: 7, version: 3)
        #expect {
            _ = try SQLiteRecordSource(path: directory.file())
        } throws: { ($0 as? SQLiteStoreError)?.code == .notAStore }
        let connection = try SQLiteConnection(path: directory.file())
        #expect(try connection.scalar("SELECT name FROM things") == .text("kept"))
    }

    @Test("opening another application's database leaves its file byte for byte as it was, with no WAL beside it")
    func foreignDatabaseUnchanged() throws {
        let directory = try TemporaryDirectory()
        try Self.database(at: directory.file(), applicationID: 7, version: 3)
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.file()))
        for unusableFile in [SQLiteStoreConfiguration.UnusableFile.fail, .reopenEmpty] {
            #expect {
                _ = try SQLiteRecordSource(path: directory.file(), configuration: .init(unusableFile: unusableFile))
            } throws: { ($0 as? SQLiteStoreError)?.code == .notAStore }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file())) == before)
        #expect(!FileManager.default.fileExists(atPath: directory.file() + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: directory.file() + "-shm"))
    }

    @Test("in a read-only directory opening fails, or the store lives in memory for the launch and still works")
    func readOnlyDirectory() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        let failing = try CrashWriter(["open", directory.file(), "fail"], asUnprivileged: true)
        #expect(failing.remainingLines() == ["error cannotOpen"])
        let reopening = try CrashWriter(["open", directory.file(), "reopen"], asUnprivileged: true)
        #expect(reopening.remainingLines() == ["opened memory", "published"])
        #expect(!FileManager.default.fileExists(atPath: directory.file()))
    }

    @Test("a full disk fails the publish with storageFull, and the file and the store stay as they were")
    func fullDisk() throws {
        let directory = try TemporaryDirectory()
        let events = EventRecorder()
        let configuration = SQLiteStoreConfiguration(maximumFileBytes: 64 * 1024, log: events.record)
        let feedRoot = try root(feedQuery)
        let (store, _, _) = try openStore(directory.file(), configuration: configuration)
        try store.publish(feed(["small"]), to: feedRoot)
        let before = store.lookup(feedRoot)
        let told = EventRecorder()
        let subscription = store.subscribe(to: feedRoot) { _ in told.record(.rootsForgotten(0)) }
        defer { subscription.cancel() }
        let large = feed((0..<2_000).map { "a title long enough to fill pages \($0)" })
        #expect {
            try store.publish(large, to: feedRoot)
        } throws: { ($0 as? StoreError)?.code == .storageFull }
        #expect(events.events.contains(.writeFailed(.full)))
        #expect(store.recordCount == 3)
        #expect(store.lookup(feedRoot).data == before.data)
        #expect(store.lookup(feedRoot).oldestWriteTime == before.oldestWriteTime)
        #expect(store.record("Post:p1") == nil)
        #expect(told.events.isEmpty)
        // What fits is still written, and the file holds exactly what memory shows.
        try store.publish(feed(["small", "second"]), to: feedRoot)
        let (reopened, _, _) = try openStore(directory.file())
        #expect(reopened.recordCount == 4)
        #expect(reopened.lookup(feedRoot).data == store.lookup(feedRoot).data)
    }

    @Test("with fail, a damaged page reads as missing records and is logged, and nothing crashes")
    func damagedPage() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(directory.file())
            try store.publish(feed((0..<3_000).map { "post \($0)" }), to: feedRoot)
        }
        // Fold the WAL into the file, then overwrite its pages past the first few with noise.
        try SQLiteConnection(path: directory.file()).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: directory.file()))
        let size = try handle.seekToEnd()
        var generator = SplitMix(seed: 42)
        try handle.seek(toOffset: 8 * 4096)
        handle.write(Data((0..<(size - 8 * 4096)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }))
        try handle.close()
        let events = EventRecorder()
        let (store, _, _) = try openStore(
            directory.file(), configuration: .init(unusableFile: .fail, log: events.record))
        let snapshot = store.lookup(feedRoot)
        #expect(snapshot.isMissingData)
        #expect(events.events == [.readFailed(.corrupt)])
    }
}

/// A small deterministic generator (SplitMix64), so that the damage and the kill points are the same
/// on every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
