import Foundation
import Primitives

/// The device's wall clock, read through Foundation's `Date`.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}

    /// `Date()` as a `WallInstant`.
    public func now() -> WallInstant {
        WallInstant(date: Date())
    }
}
