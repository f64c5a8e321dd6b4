import Foundation

/// A value guarded by a lock, for the shared state of transports, limiters and the scripted transport.
///
/// `Synchronization.Mutex` would be the first choice, but it needs macOS 15 / iOS 18 and the package
/// supports macOS 14 / iOS 17, so this wraps `NSLock`, which exists on every platform.
package final class Locked<State>: @unchecked Sendable {
    // Safe to mark Sendable: `state` is private and only ever read or written inside `withLock`,
    // which holds `lock` for the whole access, so no two threads touch it at once.
    private let lock = NSLock()
    private var state: State

    /// Guards `initial`.
    package init(_ initial: State) { state = initial }

    /// Runs `body` with exclusive access to the state. `body` must not suspend or re-enter.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
