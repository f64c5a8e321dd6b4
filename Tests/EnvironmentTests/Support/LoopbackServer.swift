import Foundation

/// The GraphQL server of `Tests/Server/server.py` (graphql-core), started on loopback for one
/// test. Python comes from `GRAPHQL_TEST_PYTHON`, else `<repo>/.ci/.venv/bin/python`; when it is
/// missing the test fails and says to run `.ci/setup-python.sh` (it is never skipped).
final class LoopbackServer: Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: ProcessHandle

    private init(port: Int, process: ProcessHandle) {
        self.port = port
        self.process = process
    }

    /// `http://127.0.0.1:<port>/graphql`.
    var graphQLURL: URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        components.path = "/graphql"
        guard let url = components.url else { preconditionFailure("a loopback URL always forms") }
        return url
    }

    static func start() async throws -> LoopbackServer {
        let root = try repositoryRoot()
        let python =
            ProcessInfo.processInfo.environment["GRAPHQL_TEST_PYTHON"]
            ?? root.appendingPathComponent(".ci/.venv/bin/python").path
        let hint = "Run `.ci/setup-python.sh` (or set GRAPHQL_TEST_PYTHON to a python with graphql-core)."
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw StartFailure(description: "No python at \(python). \(hint)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", root.appendingPathComponent("Tests/Server/server.py").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = ProcessHandle(process: process, input: input)
        guard let line = await firstLine(output.fileHandleForReading),
            let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            handle.stop()
            throw StartFailure(description: "The test server did not start. \(hint)")
        }
        return LoopbackServer(port: port, process: handle)
    }

    func stop() { process.stop() }

    /// Reads the first line off the cooperative pool: the read blocks until python prints.
    private static func firstLine(_ handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes: [UInt8] = []
                while let byte = handle.readData(ofLength: 1).first {
                    if byte == UInt8(ascii: "\n") {
                        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
                        return
                    }
                    bytes.append(byte)
                }
                continuation.resume(returning: nil)
            }
        }
    }

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

/// The python process and the pipe that keeps it alive (it exits when its stdin closes).
private final class ProcessHandle: @unchecked Sendable {
    // Safe: `process` and `input` are only touched by `stop()`, which the one test that owns the
    // server calls once, after its last request, never concurrently with anything else.
    private let process: Process
    private let input: Pipe

    init(process: Process, input: Pipe) {
        self.process = process
        self.input = input
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
