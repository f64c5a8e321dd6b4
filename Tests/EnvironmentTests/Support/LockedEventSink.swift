import EventLog
import Foundation

/// A recording sink over `NSLock`, for the tests that record from many threads at once: the
/// thread sanitizer cannot see `Mutex`'s contended path (`docs/decisions/0084`), which
/// `InMemoryEventSink` uses.
final class LockedEventSink: EventSink, @unchecked Sendable {
    // Safe: `recorded` is only touched while `lock` is held.
    private let lock = NSLock()
    private var recorded: [Event] = []

    var events: [Event] { lock.withLock { recorded } }

    func record(_ event: Event) {
        lock.withLock { recorded.append(event) }
    }
}
