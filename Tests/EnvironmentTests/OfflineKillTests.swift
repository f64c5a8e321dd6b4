import Foundation
import GraphQLTestServer
import Testing

/// Replays killed with SIGKILL: the app processes are `OfflineReplayChild` runs over one SQLite file
/// each round, the server the graphql-core loopback server, which applies each idempotence ID once.
@Suite("Offline mutations: SIGKILL during replay")
struct OfflineKillTests {
    /// Runs `OfflineReplayChild` (built beside the test bundle) to its end, off the cooperative pool;
    /// returns what it printed and whether SIGKILL ended it.
    static func child(_ arguments: [String]) async throws -> (output: String, killed: Bool) {
        try await offCooperativePool { try run(arguments) }
    }

    private static func run(_ arguments: [String]) throws -> (output: String, killed: Bool) {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while !directory.lastPathComponent.hasSuffix(".xctest"), directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        let process = Process()
        process.executableURL = directory.deletingLastPathComponent().appendingPathComponent("OfflineReplayChild")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return (text, killed)
    }

    @Test(
        "SIGKILL ×20 at seeded random points during replay: every queued mutation is applied by the server exactly once, none lost, none twice"
    )
    func killedDuringReplay() async throws {
        let server = try await LoopbackServer.start()
        let offline = "http://127.0.0.1:\(try await server.unusedPort())/graphql"
        let online = server.graphQLURL.absoluteString
        let directory = NSTemporaryDirectory() + "/offline-kill-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let mutations = 5
        // A 64-bit linear congruential sequence from a fixed seed: the kill points are the same every run.
        var seed: UInt64 = 32
        var killPoints: [Int] = []
        var duplicates = 0
        for round in 0..<20 {
            let file = directory + "/round-\(round).sqlite"
            let queued = try await Self.child(["queue", file, offline, String(mutations), "r\(round)"])
            #expect(queued.output == "queued \(mutations)\n")

            // Three steps per mutation: before its send, between the server's answer and its write,
            // and after its row is deleted. The kill lands on one of the 15.
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let killPoint = Int((seed >> 33) % UInt64(3 * mutations))
            killPoints.append(killPoint)
            let killed = try await Self.child(["replay", file, online, String(killPoint)])
            #expect(killed.killed, "round \(round): the replay was not killed at step \(killPoint)")

            // The next launch replays what is left, and the one after it finds nothing.
            #expect(try await Self.child(["replay", file, online]).output == "done 0\n")
            #expect(try await Self.child(["replay", file, online]).output == "done 0\n")
            for index in 0..<mutations {
                let counts = try await server.idempotenceCounts(id: "r\(round)-\(index)")
                #expect(counts.applied == 1, "r\(round)-\(index) applied \(counts.applied) times")
                #expect(counts.received >= 1)
                duplicates += counts.received - counts.applied
            }
        }
        // The kills spread over the steps, and some landed in the window between the server's answer and
        // its write: those mutations were sent again, and the server ignored the repeats.
        #expect(Set(killPoints.map { $0 % 3 }).count == 3)
        #expect(duplicates == killPoints.filter { $0 % 3 == 1 }.count)
    }
}
