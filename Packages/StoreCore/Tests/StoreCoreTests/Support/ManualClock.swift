import Primitives
import StoreCore

/// A wall clock that moves only when a test advances it, in whole seconds.
final class ManualClock: Sendable {
    private let seconds: Locked<Int64>

    init(_ start: Int64 = 1_000) { seconds = Locked(start) }

    var now: WallInstant { WallInstant(secondsSince1970: seconds.withLock { $0 }) }

    func advance(by delta: Int64) { seconds.withLock { $0 += delta } }
}
