import StoreCore
import Synchronization

/// A wall clock that moves only when a test advances it.
final class ManualClock: Sendable {
    private let seconds: Mutex<Double>

    init(_ start: Double = 1_000) { seconds = Mutex(start) }

    var now: StoreInstant { StoreInstant(secondsSince1970: seconds.withLock { $0 }) }

    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}
