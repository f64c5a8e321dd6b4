import Foundation

/// A loopback Python server for the groups that measure the transports, started the way the
/// Transport tests start theirs: python from `GRAPHQL_TEST_PYTHON`, else `<repo>/.ci/.venv/bin/python`;
/// the server prints its port as its first line and exits when its stdin closes, so a benchmark that
/// dies never leaves it running.
///
/// Not `Sendable`: each group starts and stops its server from one task, one call after the other.
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

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
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
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "cannot run \(python): \(error). Run `.ci/setup-python.sh`.")
        }
        var line: [UInt8] = []
        while true {
            guard let byte = output.fileHandleForReading.readData(ofLength: 1).first else { break }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw StartFailure(description: "\(script.rawValue) did not start. Run `.ci/setup-python.sh`.")
        }
        return BenchmarkServer(port: port, process: process, input: input)
    }

    /// `<scheme>://127.0.0.1:<port><path>`.
    func url(_ path: String, scheme: String = "http") -> URL {
        guard let url = URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") else {
            preconditionFailure("a loopback URL with a path from the benchmark always forms: \(path)")
        }
        return url
    }

    /// Closes the server's stdin (it exits on EOF), terminates it, and waits for it to go.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
