import Foundation

/// A value behind a lock that ThreadSanitizer understands: the runtime's state and each handle's.
///
/// `Synchronization.Mutex` would be the natural choice, but on Linux its contended path
/// (`_lockSlow`, a futex wait in the uninstrumented standard library) hides the acquisition from
/// ThreadSanitizer, which then reports every contended critical section as a race
/// (`docs/decisions/0084`). `NSLock` is a pthread mutex, which the sanitizer intercepts.
final class Locked<State>: @unchecked Sendable {
    // Safe: `state` is read and written only inside `lock.withLock`, in `withLock(_:)` below, and
    // nothing hands out a reference to it; `State` is `Sendable` wherever a `Locked` crosses tasks
    // (the runtime's and the handles' states are).
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with the state, holding the lock. Not reentrant: `body` must not take it again.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
