import Foundation

/// Runs the `SQLiteCrashWriter` test-support executable, built beside this test bundle.
final class CrashWriter {
    let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private var buffered: [UInt8] = []

    /// The executable's URL: SwiftPM puts the products and the test bundle in one directory.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // `swift test` runs `<products>/XPackageTests.xctest` (on Apple, inside the bundle).
        while !directory.lastPathComponent.hasSuffix(".xctest"), directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory.deletingLastPathComponent().appendingPathComponent("SQLiteCrashWriter")
    }

    /// Starts the writer with `arguments`, as the user `nobody` when `asUnprivileged` and this
    /// process is root (root may write into any directory).
    init(_ arguments: [String], asUnprivileged: Bool = false) throws {
        if asUnprivileged && geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        process.standardOutput = output
        process.standardInput = input
        try process.run()
    }

    /// The next line the writer writes, or `nil` once its output ends. Blocks on the pipe: what
    /// the test waits for is the line itself, never a span of time.
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

    /// Every line until the output ends, and waits for the process to exit.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        process.waitUntilExit()
        return lines
    }

    /// Sends `line` to the writer's standard input (the `serve` mode's commands).
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends `line` and returns the writer's answer.
    func ask(_ line: String) -> String? {
        send(line)
        return nextLine()
    }

    /// Kills the writer with SIGKILL and waits until it is gone.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
