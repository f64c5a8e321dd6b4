import Foundation

/// The process's resident memory, as Linux reports it in `/proc/self/status`: now (`VmRSS`) and at
/// its highest since the peak was last reset (`VmHWM`).
enum ResidentMemory {
    struct Unavailable: Error {}

    /// The resident bytes now.
    static func bytes() throws -> Int { try field("VmRSS:") }

    /// The most resident bytes since ``resetPeak()``.
    static func peakBytes() throws -> Int { try field("VmHWM:") }

    /// Starts the peak again from the resident bytes now (writing 5 to `/proc/self/clear_refs`).
    static func resetPeak() throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "/proc/self/clear_refs"))
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("5".utf8))
    }

    private static func field(_ name: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        throw Unavailable()
    }
}
