import Foundation
import GraphQLCore
import StoreCore
import Testing

@testable import SQLiteStore

@Suite("SQLiteStore-damage found after opening")
struct DamageAfterOpeningTests {
    static let posts = (0..<3_000).map { "post \($0)" }

    /// A store file holding a 3,000-post feed, closed, with 16 pages of noise written into its middle:
    /// its header and key table are whole, so it opens without an error.
    static func damagedFile(_ path: String) throws -> StoreRoot {
        let feedRoot = try root(feedQuery)
        do {
            let (store, _, _) = try openStore(path)
            try store.publish(feed(posts), to: feedRoot)
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 64 * 4096)
        var generator = SplitMix(seed: 28)
        try handle.seek(toOffset: size / 2 / 4096 * 4096)
        handle.write(Data((0..<(16 * 4096)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }))
        try handle.close()
        return feedRoot
    }

    @Test(
        "with reopenEmpty, damage found by a read moves the file aside once and the refetched data is written and kept")
    func reopenedEmptyAfterDamage() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try Self.damagedFile(directory.file())
        let events = EventRecorder()
        let (store, _, location) = try openStore(directory.file(), configuration: .init(log: events.record))
        #expect(location == .file(directory.file()))
        #expect(store.lookup(feedRoot).isMissingData)
        #expect(events.events == [.reopenedEmpty(.corrupt)])
        // What the runtime's refetch does: the answer is written to the new file and read back whole.
        try store.publish(feed(Self.posts), to: feedRoot)
        #expect(!store.lookup(feedRoot).isMissingData)
        try store.publish(feed(["one more"] + Self.posts), to: feedRoot)
        #expect(events.events == [.reopenedEmpty(.corrupt)])
        #expect(FileManager.default.fileExists(atPath: directory.file() + ".unusable"))
        let (reopened, _, _) = try openStore(directory.file(), configuration: .init(unusableFile: .fail))
        #expect(reopened.recordCount == Self.posts.count + 3)
        #expect(reopened.lookup(feedRoot).data == store.lookup(feedRoot).data)
    }

    @Test("with fail, damage found by a read is logged once and every later write throws, touching nothing")
    func failsLoudlyAfterDamage() throws {
        let directory = try TemporaryDirectory()
        let feedRoot = try Self.damagedFile(directory.file())
        let events = EventRecorder()
        let (store, _, _) = try openStore(
            directory.file(), configuration: .init(unusableFile: .fail, log: events.record))
        #expect(store.lookup(feedRoot).isMissingData)
        for _ in 0..<3 {
            #expect {
                try store.publish(feed(Self.posts), to: feedRoot)
            } throws: { ($0 as? StoreError)?.code == .recordSourceFailed }
            #expect(store.lookup(feedRoot).isMissingData)
        }
        #expect(events.events == [.readFailed(.corrupt)])
        #expect(!FileManager.default.fileExists(atPath: directory.file() + ".unusable"))
    }
}
