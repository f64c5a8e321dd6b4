import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body`, a step that waits for the network or for other threads, under a watchdog: if it has
/// not returned within `limit`, the benchmark prints which step hung, kills its servers and exits
/// with status 1, so that a hang fails loudly instead of idling.
///
/// The watchdog is a thread of its own, not a task: a step that hangs may have blocked the
/// cooperative pool's threads (the deadlock of `docs/decisions/0179` blocked one of two), and no task
/// could then run to notice.
func withDeadline<Result>(
    _ limit: Duration, _ step: String, _ body: () async throws -> Result
) async rethrows -> Result {
    let done = DispatchSemaphore(value: 0)
    let seconds = Int(limit.components.seconds)
    let watchdog = Thread {
        guard done.wait(timeout: .now() + .seconds(seconds)) == .timedOut else { return }
        let message = "benchmark step \"\(step)\" did not finish within \(seconds) s: it hangs; stopping\n"
        FileHandle.standardError.write(Data(message.utf8))
        BenchmarkServer.killAll()
        exit(1)
    }
    watchdog.name = "benchmark-deadline"
    watchdog.start()
    defer { done.signal() }
    return try await body()
}
