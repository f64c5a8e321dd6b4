import Foundation
import Primitives

/// A loopback Python server for the groups that measure the transports, started the way the
/// Transport tests start theirs: python from `GRAPHQL_TEST_PYTHON`, else `<repo>/.ci/.venv/bin/python`;
/// the server prints its port as its first line and exits when its stdin closes, so a benchmark that
/// dies never leaves it running.
///
/// Not `Sendable`: each group starts and stops its server from one task, one call after the other.
/// ``stopAll()`` (from ``withDeadline(_:_:_:)``'s watchdog thread) kills them by process id.
final class BenchmarkServer {
    /// Which server script to run.
    enum Script: String {
        /// `Tests/Server/server.py`: graphql-core behind a hand-written HTTP server.
        case graphQLCore = "Tests/Server/server.py"
        /// `Tests/StrawberryServer/app.py`: Strawberry on uvicorn, graphql-transport-ws at `/graphql`.
        case strawberry = "Tests/StrawberryServer/app.py"
    }

    /// The loopback port the server listens on.
    let port: Int
    private let process: Process
    private let input: Pipe
    private let exited: DispatchSemaphore

    /// The process ids of the servers started and not yet stopped.
    private static let running = Locked<Set<Int32>>([])

    /// How long ``stop()`` waits for the server to exit after its stdin closed and SIGTERM, before
    /// SIGKILL.
    static let exitWait = DispatchTimeInterval.seconds(5)

    private init(port: Int, process: Process, input: Pipe, exited: DispatchSemaphore) {
        self.port = port
        self.process = process
        self.input = input
        self.exited = exited
    }

    /// Why the server could not start, with what to do about it.
    struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// Starts `script` and returns once it listens. Call ``stop()`` after the last request.
    static func start(_ script: Script = .graphQLCore, file: String = #filePath) async throws -> BenchmarkServer {
        var root = URL(fileURLWithPath: file).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent(script.rawValue).path) {
            guard root.path != "/" else { throw StartFailure(description: "\(script.rawValue) not found") }
            root = root.deletingLastPathComponent()
        }
        let python =
            ProcessInfo.processInfo.environment["GRAPHQL_TEST_PYTHON"]
            ?? root.appendingPathComponent(".ci/.venv/bin/python").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", root.appendingPathComponent(script.rawValue).path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "cannot run \(python): \(error). Run `.ci/setup-python.sh`.")
        }
        let pid = process.processIdentifier
        running.withLock { _ = $0.insert(pid) }
        var line: [UInt8] = []
        while true {
            guard let byte = output.fileHandleForReading.readData(ofLength: 1).first else { break }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        let server = BenchmarkServer(port: port(line) ?? 0, process: process, input: input, exited: exited)
        guard server.port != 0 else {
            server.stop()
            throw StartFailure(description: "\(script.rawValue) did not start. Run `.ci/setup-python.sh`.")
        }
        return server
    }

    /// `<scheme>://127.0.0.1:<port><path>`.
    func url(_ path: String, scheme: String = "http") -> URL {
        guard let url = URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") else {
            preconditionFailure("a loopback URL with a path from the benchmark always forms: \(path)")
        }
        return url
    }

    /// Closes the server's stdin (it exits on EOF) and sends SIGTERM; a server still running
    /// ``exitWait`` later is killed (SIGKILL), so that stopping never waits for a server that hangs.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        if exited.wait(timeout: .now() + Self.exitWait) == .timedOut {
            print("  (the server \(process.processIdentifier) did not exit on SIGTERM within 5 s: killed)")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let pid = process.processIdentifier
        _ = Self.running.withLock { $0.remove(pid) }
    }

    /// Kills every server not stopped yet: for a benchmark that gives up on a step that hangs.
    static func killAll() {
        for pid in running.withLock({ $0 }) { kill(pid, SIGKILL) }
    }

    private static func port(_ line: [UInt8]) -> Int? { Int(String(decoding: line, as: UTF8.self)) }
}
