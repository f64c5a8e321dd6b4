/// A wall-clock instant: nanoseconds since 1970-01-01 00:00:00 UTC.
///
/// Write times are persisted with the store and read in a later launch, so they must be instants of
/// the calendar, not of the process (`ContinuousClock` and `SuspendingClock` restart at every boot).
/// A plain integer keeps the value exact through encoding, comparison and arithmetic; it covers the
/// years 1678 to 2262, and arithmetic past that saturates instead of trapping.
public struct WallInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01 00:00:00 UTC (negative before it).
    public var nanosecondsSince1970: Int64

    /// The instant `nanosecondsSince1970` nanoseconds after 1970-01-01 00:00:00 UTC.
    public init(nanosecondsSince1970: Int64) {
        self.nanosecondsSince1970 = nanosecondsSince1970
    }

    /// The instant `secondsSince1970` whole seconds after 1970-01-01 00:00:00 UTC (saturating).
    public init(secondsSince1970: Int64) {
        self.nanosecondsSince1970 = Self.saturatingNanoseconds(seconds: secondsSince1970, attoseconds: 0)
    }

    /// Orders instants by time.
    public static func < (lhs: WallInstant, rhs: WallInstant) -> Bool {
        lhs.nanosecondsSince1970 < rhs.nanosecondsSince1970
    }

    /// The instant `duration` after `instant` (before it for a negative duration), saturating.
    public static func + (instant: WallInstant, duration: Duration) -> WallInstant {
        let (sum, overflow) = instant.nanosecondsSince1970.addingReportingOverflow(Self.nanoseconds(duration))
        guard !overflow else { return WallInstant(nanosecondsSince1970: duration < .zero ? .min : .max) }
        return WallInstant(nanosecondsSince1970: sum)
    }

    /// The instant `duration` before `instant`, saturating.
    public static func - (instant: WallInstant, duration: Duration) -> WallInstant {
        instant + (.zero - duration)
    }

    /// How long after `rhs` `lhs` is (negative when it is earlier), saturating.
    public static func - (lhs: WallInstant, rhs: WallInstant) -> Duration {
        let (difference, overflow) = lhs.nanosecondsSince1970.subtractingReportingOverflow(rhs.nanosecondsSince1970)
        guard !overflow else { return .nanoseconds(lhs < rhs ? Int64.min : Int64.max) }
        return .nanoseconds(difference)
    }

    /// `seconds.nanoseconds` since 1970.
    public var description: String {
        let seconds = nanosecondsSince1970 / 1_000_000_000
        let fraction = abs(nanosecondsSince1970 % 1_000_000_000)
        let digits = String(fraction)
        let sign = nanosecondsSince1970 < 0 && seconds == 0 ? "-" : ""
        return "\(sign)\(seconds).\(String(repeating: "0", count: 9 - digits.count))\(digits)s since 1970"
    }

    /// A duration in whole nanoseconds (sub-nanosecond parts dropped), saturating.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return saturatingNanoseconds(seconds: seconds, attoseconds: attoseconds)
    }

    private static func saturatingNanoseconds(seconds: Int64, attoseconds: Int64) -> Int64 {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflowAgain else { return seconds < 0 ? .min : .max }
        return sum
    }
}
