import Foundation

/// A wall-clock instant, as seconds since 1970-01-01 00:00:00 UTC.
///
/// Write times are wall-clock instants because a persisted store outlives the process, where a
/// monotonic uptime would mean nothing. StoreCore does not import the Scheduling package's clock:
/// the store takes a `@Sendable () -> StoreInstant` closure, and the layer above adapts its clock.
public struct StoreInstant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since 1970-01-01 00:00:00 UTC.
    public var secondsSince1970: Double

    /// An instant from seconds since 1970.
    @inlinable public init(secondsSince1970: Double) { self.secondsSince1970 = secondsSince1970 }

    /// The instant a `Date` denotes.
    public init(_ date: Date) { self.secondsSince1970 = date.timeIntervalSince1970 }

    /// The system's wall clock, the store's default.
    public static func now() -> StoreInstant { StoreInstant(Date()) }

    /// The smallest instant after this one, used to keep writes after an invalidation strictly
    /// newer than its point even when the clock has not moved (or moved back).
    var next: StoreInstant { StoreInstant(secondsSince1970: secondsSince1970.nextUp) }

    /// Earlier instants are smaller.
    @inlinable public static func < (lhs: StoreInstant, rhs: StoreInstant) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// The seconds, as text.
    public var description: String { "\(secondsSince1970)s" }
}
