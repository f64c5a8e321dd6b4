import Foundation
import Primitives

/// Runs work that recurses along a document's nesting on a thread whose stack fits it.
///
/// Validation walks selections, values and fragment chains recursively. A document at the parser's
/// nesting limit needs a few megabytes of stack in a debug build, more than the 512 KB that Apple
/// platforms give secondary threads and Swift concurrency's threads, and overflowing a stack ends the
/// process. So a deep document is validated on a thread of its own with a stack sized to its depth,
/// while the caller waits; shallow documents, nearly all of them, run on the caller's stack.
enum LargeStack {
    /// Depths up to this run on the caller's stack (under 200 KB of it in a debug build).
    static let inlineDepth = 24
    /// Stack per unit of depth: about six times what a debug build was measured to use.
    static let bytesPerDepth = 32 * 1024
    static let maximumStack = 512 * 1024 * 1024

    static func run<Result: Sendable>(depth: Int, _ body: @escaping @Sendable () -> Result) -> Result {
        if depth <= inlineDepth { return body() }
        let outcome = Outcome<Result>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.value.withLock { $0 = body() }
            finished.signal()
        }
        thread.stackSize = min(maximumStack, 1024 * 1024 + depth * bytesPerDepth)
        thread.start()
        finished.wait()
        // The thread stores its result before it signals, so it is always there; running the body
        // here instead only guards against a platform that failed to run the thread.
        return outcome.value.withLock { $0 } ?? body()
    }

    /// The result, handed from the worker thread to the waiting caller.
    private final class Outcome<Value: Sendable>: Sendable {
        let value = Locked<Value?>(nil)
    }
}
