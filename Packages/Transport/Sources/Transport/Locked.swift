import Foundation

/// A value behind a lock that ThreadSanitizer understands.
///
/// `Synchronization.Mutex` would be the natural choice, but on Linux its contended path (a futex wait
/// inside the uninstrumented standard library) hides the hand-over of the lock from ThreadSanitizer,
/// which then reports every contended critical section as a race (`docs/decisions/0084`). `NSLock` is a
/// pthread mutex, which the sanitizer intercepts. Each package keeps its own internal copy because a
/// package may not import a sibling for a utility (`docs/decisions/0001`).
final class Locked<State>: @unchecked Sendable {
    // Safe: `state` is read and written only inside `withLock(_:)`, between `lock()` and `unlock()`,
    // and no reference to it escapes; every `Locked` that crosses tasks holds a `Sendable` state.
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with the state, holding the lock. Not reentrant: `body` must not take it again.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
