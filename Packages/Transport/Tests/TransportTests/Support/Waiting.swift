import Foundation
import Primitives
import Transport

/// Waits until `condition` holds, yielding to other tasks between looks: no clock, no sleep. Suites
/// that use it carry a time limit, which cancels the test when it runs out: then this throws, so a
/// condition that never holds fails the test instead of spinning on after the limit (a loop that
/// ignored the cancellation kept a whole run from ending).
func eventually(_ condition: () -> Bool) async throws {
    while !condition() {
        try Task.checkCancellation()
        await Task.yield()
    }
}

/// A door a test opens once; ``wait()`` returns when it is open. One waiter per gate.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    func open() { continuation.finish() }

    func wait() async {
        for await _ in stream {}
    }
}

/// Values appended from several tasks, read back in order.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var all: [Value] { values.withLock { $0 } }
}

/// Whether `semaphore` is signalled within `limit`, waited for on a thread of its own so that no
/// thread of the cooperative pool blocks: a test of code that could deadlock fails with a message
/// after `limit` instead of hanging with it.
func isSignalled(_ semaphore: DispatchSemaphore, within limit: DispatchTimeInterval) async -> Bool {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: semaphore.wait(timeout: .now() + limit) == .success) }.start()
    }
}
