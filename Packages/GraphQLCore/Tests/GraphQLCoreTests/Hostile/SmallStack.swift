import Foundation
import Primitives

/// Runs a probe on a thread of its own with a given stack, as an app's secondary thread (512 KB on
/// Apple platforms) would run it, and hands back what it returned. A probe that overflows the stack
/// ends the test process: that is how these tests fail.
enum SmallStack {
    static let appThread = 512 * 1024

    static func run<Result: Sendable>(stackSize: Int = appThread, _ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.store(body())
            finished.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        finished.wait()
        guard let result = box.take() else { fatalError("the probe thread did not run") }
        return result
    }

    /// The probe's result, written by the probe thread before it signals and read after the wait.
    private final class ResultBox<Value: Sendable>: Sendable {
        private let value = Locked<Value?>(nil)

        func store(_ newValue: Value) { value.withLock { $0 = newValue } }

        func take() -> Value? { value.withLock { $0 } }
    }
}
