import Foundation
import GraphQLCore
import SQLiteStore
import StoreCore
import Testing

@Suite("SQLiteStore-kill")
struct KillTests {
    /// What the writer's generations leave in the file, read after a kill.
    struct Survivor {
        var latest: Int
        var recordCount: Int
    }

    /// Opens the file as the next launch would and checks that it holds whole generations only:
    /// the latest generation on every record it rewrites, and one whole entry per generation.
    static func inspect(_ path: String) throws -> Survivor? {
        let (store, _, _) = try openStore(path, configuration: .init(unusableFile: .fail))
        guard let latest = store.record("Latest:1") else {
            #expect(store.recordCount == 0)
            return nil
        }
        guard case .scalar(.int(let generation))? = latest["generation"] else {
            Issue.record("the latest record has no generation")
            return nil
        }
        for index in 0..<10 {
            #expect(store.record(DataID("Item:\(index)"))?["generation"] == .scalar(.int(generation)))
        }
        #expect(latest["entry"] == .link(DataID("Entry:\(generation)")))
        for entry in 0...generation {
            #expect(store.record(DataID("Entry:\(entry)"))?["generation"] == .scalar(.int(entry)))
        }
        #expect(store.record(DataID("Entry:\(generation + 1)")) == nil)
        #expect(store.recordCount == 12 + generation + 1)
        return Survivor(latest: generation, recordCount: store.recordCount)
    }

    @Test("killed with SIGKILL at 24 random points, the file holds every acknowledged publish whole and no half of any")
    func killedWriter() throws {
        let directory = try TemporaryDirectory()
        var generator = SplitMix(seed: 20_261_202)
        var acknowledged = -1
        var next = 0
        var killsAfterAnAck = 0
        for _ in 0..<24 {
            let waitFor = Int(generator.next() % 8)
            let writer = try CrashWriter(["publish", directory.file(), String(next)])
            for _ in 0..<waitFor {
                guard let line = writer.nextLine() else { break }
                #expect(line == "ack \(acknowledged + 1)")
                acknowledged += 1
            }
            if waitFor > 0 { killsAfterAnAck += 1 }
            writer.kill()
            let survivor = try Self.inspect(directory.file())
            let latest = survivor?.latest ?? -1
            // Every acknowledged publish is there; at most the ones sent after the last ack read
            // (committed, their ack unread or unwritten) are there too.
            #expect(latest >= acknowledged)
            acknowledged = latest
            next = latest + 1
        }
        #expect(killsAfterAnAck >= 20)
        #expect(acknowledged >= 20)
    }
}
