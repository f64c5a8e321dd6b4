import Foundation

/// A value behind a lock that ThreadSanitizer understands: the one lock every package uses for state
/// shared between tasks.
///
/// `Synchronization.Mutex` would be the natural choice, but on Linux its contended path (a futex wait
/// inside the uninstrumented standard library) hides the hand-over of the lock from ThreadSanitizer,
/// which then reports every contended critical section as a race (`docs/decisions/0084`); it also
/// needs iOS 18. `NSLock` is a pthread mutex, which the sanitizer intercepts.
public final class Locked<State>: @unchecked Sendable {
    // Safe: `state` is read and written only inside `withLock(_:)`, between `lock()` and `unlock()`,
    // and no reference to it escapes; every `Locked` that crosses tasks holds a `Sendable` state.
    private let lock = NSLock()
    private var state: State

    /// A lock guarding `state`.
    public init(_ state: State) { self.state = state }

    /// Runs `body` with the state, holding the lock. Not reentrant: `body` must not take it again.
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
