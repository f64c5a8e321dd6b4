import Foundation
import GraphQLTestServer
import Testing

/// Replays killed with SIGKILL: the app processes are `OfflineReplayChild` runs over one SQLite file
/// each round, the server the graphql-core loopback server, which applies each idempotence ID once.
@Suite("Offline mutations: SIGKILL during replay")
struct OfflineKillTests {
    /// One run of `OfflineReplayChild`, built beside the test bundle; its output is read line by line.
    final class Child {
        let process = Process()
        private let output = Pipe()
        private var buffered: [UInt8] = []

        init(_ arguments: [String]) throws {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            while !directory.lastPathComponent.hasSuffix(".xctest"), directory.pathComponents.count > 1 {
                directory.deleteLastPathComponent()
            }
            process.executableURL = directory.deletingLastPathComponent().appendingPathComponent("OfflineReplayChild")
            process.arguments = arguments
            process.standardOutput = output
            try process.run()
        }

        /// The next line, or `nil` once the output ends: blocks on the pipe, never on a span of time.
        func nextLine() -> String? {
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffered[..<newline], as: UTF8.self)
                    buffered.removeSubrange(...newline)
                    return line
                }
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { return nil }
                buffered.append(contentsOf: data)
            }
        }

        /// The lines left, once the process exited.
        func remainingLines() -> [String] {
            var lines: [String] = []
            while let line = nextLine() { lines.append(line) }
            process.waitUntilExit()
            return lines
        }

        func kill() {
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test(
        "SIGKILL ×20 at seeded random points during replay: every queued mutation is applied by the server exactly once, none lost, none twice"
    )
    func killedDuringReplay() async throws {
        let server = try await LoopbackServer.start()
        let offline = "http://127.0.0.1:\(try await server.unusedPort())/graphql"
        let directory = NSTemporaryDirectory() + "/offline-kill-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let mutations = 5
        // A 64-bit linear congruential sequence from a fixed seed: the kill points are the same every run.
        var seed: UInt64 = 32
        var killedAfterLines: [Int] = []
        var duplicates = 0
        for round in 0..<20 {
            let file = directory + "/round-\(round).sqlite"
            let queued = try Child(["queue", file, offline, String(mutations), "r\(round)"]).remainingLines()
            // The first is sent and does not reach the server; the others queue behind it unsent.
            #expect(queued == ["sending r\(round)-0", "queued \(mutations)"])

            // Each mutation prints `sending` then `replayed`: the kill comes after 0 to 9 lines, that
            // is before a send, between a send and its answer's write, or between two mutations.
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let killAfter = Int((seed >> 33) % UInt64(2 * mutations))
            killedAfterLines.append(killAfter)
            let replay = try Child(["replay", file, server.graphQLURL.absoluteString])
            for _ in 0..<killAfter where replay.nextLine() != nil {}
            replay.kill()

            let finished = try Child(["replay", file, server.graphQLURL.absoluteString]).remainingLines()
            #expect(finished.last == "done 0")
            for index in 0..<mutations {
                let counts = try await server.idempotenceCounts(id: "r\(round)-\(index)")
                #expect(counts.applied == 1, "r\(round)-\(index) applied \(counts.applied) times")
                #expect(counts.received >= 1)
                duplicates += counts.received - counts.applied
            }
            // Nothing is left queued in the file: a later launch sends nothing.
            let again = try Child(["replay", file, server.graphQLURL.absoluteString]).remainingLines()
            #expect(again == ["done 0"])
        }
        #expect(Set(killedAfterLines).count >= 5)
        print(
            "OfflineKillTests: kill points \(killedAfterLines); duplicates the server received and ignored: \(duplicates)"
        )
    }
}
