import Foundation

/// A directory of its own for one test, removed when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "/sqlite-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of a file named `name` inside.
    func file(_ name: String = "store.sqlite") -> String { path + "/" + name }

    deinit {
        // Put write permission back first, for the tests that take it away.
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }
}
