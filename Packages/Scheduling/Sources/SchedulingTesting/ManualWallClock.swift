import Primitives
import Scheduling

/// A wall clock for tests that only moves when the test moves it, like swift-nio's
/// `EmbeddedEventLoop.advanceTime(by:)`: staleness is then decided by the test's own steps, never
/// by how long the machine took to run it.
///
/// Safe to read from any thread while a test advances it.
public final class ManualWallClock: WallClock {
    private let instant: Locked<WallInstant>

    /// A clock standing at `start`, by default 2026-01-01 00:00:00 UTC.
    public init(start: WallInstant = WallInstant(secondsSince1970: 1_767_225_600)) {
        self.instant = Locked(start)
    }

    /// The instant the test last moved the clock to.
    public func now() -> WallInstant {
        instant.withLock { $0 }
    }

    /// Moves the clock by `duration`; a negative duration moves it back, as a device's clock can
    /// move when its user changes the time.
    public func advance(by duration: Duration) {
        instant.withLock { $0 = $0 + duration }
    }
}
