import Foundation

/// A GraphQL test server started on loopback: `Tests/Server/server.py` (graphql-core, by default) or
/// `Tests/StrawberryServer/app.py` (Strawberry on uvicorn: graphql-transport-ws, `@defer`/`@stream`).
/// Transport's integration suites and the whole-system tests use this one launcher.
///
/// Python comes from `GRAPHQL_TEST_PYTHON`, else `<repo>/.ci/.venv/bin/python`. When either python
/// or the server's packages are missing, ``start(_:)`` throws an error that says to run
/// `.ci/setup-python.sh`: the test fails, it is never skipped.
///
/// A test-support target, not a product: it launches this repository's server script, which an
/// adopter does not have.
public final class LoopbackServer: Sendable {
    /// Why the server could not start or answer, with what to do about it.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Which server script to run.
    public struct Kind: Sendable, Hashable {
        /// The script, relative to the repository root.
        let script: String

        /// `Tests/Server/server.py`: graphql-core behind a hand-written HTTP server with misbehaving endpoints.
        public static let graphQLCore = Kind(script: "Tests/Server/server.py")
        /// `Tests/StrawberryServer/app.py`: Strawberry on uvicorn, a server this repository did not write.
        public static let strawberry = Kind(script: "Tests/StrawberryServer/app.py")
    }

    /// The loopback port the server listens on.
    public let port: Int
    private let process: ProcessHandle

    private init(port: Int, process: ProcessHandle) {
        self.port = port
        self.process = process
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
            preconditionFailure("a loopback URL with a path from the test always forms: \(path)")
        }
        return url
    }

    /// `http://127.0.0.1:<port>/graphql`.
    public var graphQLURL: URL { url("/graphql") }

    /// `ws://127.0.0.1:<port><path>`.
    public func webSocketURL(_ path: String = "/graphql") -> URL {
        guard let url = URL(string: "ws://127.0.0.1:\(port)\(path)") else {
            preconditionFailure("a loopback URL with a path from the test always forms: \(path)")
        }
        return url
    }

    /// Starts the server of `kind` and returns once it listens. Call ``stop()`` after the last request.
    public static func start(_ kind: Kind = .graphQLCore) async throws -> LoopbackServer {
        let root = try repositoryRoot()
        let python =
            ProcessInfo.processInfo.environment["GRAPHQL_TEST_PYTHON"]
            ?? root.appendingPathComponent(".ci/.venv/bin/python").path
        let script = root.appendingPathComponent(kind.script).path
        let setupHint =
            "Run `.ci/setup-python.sh` (or set GRAPHQL_TEST_PYTHON to a python with the packages of the server's requirements.txt)."
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(description: "No python at \(python). \(setupHint)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", script]
        let input = Pipe()
        let output = Pipe()
        // A file, not a pipe: it is read only when the start fails, and a pipe nobody reads would
        // stop a server that logs a lot (a traceback per failing request) once it is full.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphql-test-server-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
            let errors = try? FileHandle(forWritingTo: log)
        else { throw Failure(description: "Cannot create the server's log at \(log.path)") }
        // The server keeps its descriptor; the name goes once the start is judged.
        defer {
            try? errors.close()
            try? FileManager.default.removeItem(at: log)
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "Cannot run \(python): \(error). \(setupHint)")
        }
        let handle = ProcessHandle(process: process, input: input)
        let line = await readLine(output.fileHandleForReading)
        guard let line, let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            handle.stop()
            let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(
                description:
                    "The test server \(kind.script) did not start (are its packages installed?). \(setupHint)\n\(stderr)"
            )
        }
        return LoopbackServer(port: port, process: handle)
    }

    /// Stops the server and waits for its process to exit.
    public func stop() { process.stop() }

    /// Reads the first line of `handle`, off the cooperative pool: the read blocks until python prints.
    private static func readLine(_ handle: FileHandle) async -> String? {
        try? await offCooperativePool {
            var bytes: [UInt8] = []
            while let byte = handle.readData(ofLength: 1).first {
                if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
            }
            return nil
        }
    }

    /// The repository root: the nearest directory above this file that holds `Tests/Server/server.py`.
    private static func repositoryRoot(file: String = #filePath) throws -> URL {
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Tests/Server/server.py").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        throw Failure(description: "Tests/Server/server.py not found above \(file)")
    }
}

/// The python process and the pipe that keeps it alive (it exits when its stdin closes).
private final class ProcessHandle: @unchecked Sendable {
    // Safe: `process` and `input` are only used by `stop()`, which the one owner of the server (a
    // suite's scope, or a test) calls once, after its last request or on a failed start, never
    // concurrently with anything else.
    private let process: Process
    private let input: Pipe

    init(process: Process, input: Pipe) {
        self.process = process
        self.input = input
    }

    /// Closes the server's stdin (it exits on EOF), terminates it, and waits for it to go.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
