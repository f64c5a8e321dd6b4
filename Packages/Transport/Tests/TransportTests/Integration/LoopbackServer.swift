import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The GraphQL server of `Tests/Server/server.py`, started on loopback for a suite's tests.
///
/// Python comes from `GRAPHQL_TEST_PYTHON`, else `<repo>/.ci/.venv/bin/python`. When either python
/// or graphql-core is missing, starting throws an error that says to run `.ci/setup-python.sh`: the
/// suite fails, it is never skipped.
final class LoopbackServer: Sendable {
    /// The server of the suite that is running; set by the ``LoopbackServerTrait`` scope.
    @TaskLocal static var current: LoopbackServer?

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: ProcessHandle

    private init(port: Int, process: ProcessHandle) {
        self.port = port
        self.process = process
    }

    /// The running suite's server; a test outside a `.loopbackServer` suite fails here.
    static func shared() throws -> LoopbackServer {
        try #require(current, "the suite must carry the .loopbackServer trait")
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Waits until the server recorded `event` (`arrived`, `disconnected`) for `key`: a long poll
    /// the server answers when it happens, so no test sleeps.
    func wait(key: String, event: String) async throws {
        var request = URLRequest(url: url("/debug/wait?key=\(key)&event=\(event)"))
        request.timeoutInterval = 60
        _ = try await URLSession.shared.data(for: request)
    }

    /// How many persisted-query attempts the server saw for `hash`, with and without the text.
    func persistedQueryCounts(hash: String) async throws -> (hashOnly: Int, withText: Int) {
        let (data, _) = try await URLSession.shared.data(from: url("/debug/apq?hash=\(hash)"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        return (object["hashOnly"] ?? -1, object["withText"] ?? -1)
    }

    /// A loopback port nothing listens on.
    func unusedPort() async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: url("/debug/unused-port"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        return try #require(object["port"])
    }

    static func start() async throws -> LoopbackServer {
        let root = try repositoryRoot()
        let python =
            ProcessInfo.processInfo.environment["GRAPHQL_TEST_PYTHON"]
            ?? root.appendingPathComponent(".ci/.venv/bin/python").path
        let script = root.appendingPathComponent("Tests/Server/server.py").path
        let setupHint = "Run `.ci/setup-python.sh` (or set GRAPHQL_TEST_PYTHON to a python with graphql-core)."
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw StartFailure(description: "No python at \(python). \(setupHint)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", script]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "Cannot run \(python): \(error). \(setupHint)")
        }
        let handle = ProcessHandle(process: process, input: input)
        let line = await readLine(output.fileHandleForReading)
        guard let line, let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            handle.stop()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw StartFailure(
                description: "The test server did not start (is graphql-core installed?). \(setupHint)\n\(stderr)")
        }
        return LoopbackServer(port: port, process: handle)
    }

    func stop() { process.stop() }

    /// Reads the first line of `handle` off the cooperative pool: the read blocks until python prints.
    private static func readLine(_ handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes: [UInt8] = []
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    guard let byte = chunk.first else {
                        continuation.resume(returning: nil)
                        return
                    }
                    if byte == UInt8(ascii: "\n") {
                        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
                        return
                    }
                    bytes.append(byte)
                }
            }
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
        throw StartFailure(description: "Tests/Server/server.py not found above \(file)")
    }
}

/// The python process and the pipe that keeps it alive.
private final class ProcessHandle: @unchecked Sendable {
    // Safe: `process` and `input` are only used by `stop()`, which runs once, after the suite's tests
    // (the trait's scope) or on a failed start, never concurrently with anything else.
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

/// Starts one ``LoopbackServer`` around a suite and stops it after the suite's last test.
struct LoopbackServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await LoopbackServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == LoopbackServerTrait {
    /// Runs the suite against a GraphQL server on loopback.
    static var loopbackServer: Self { Self() }
}
