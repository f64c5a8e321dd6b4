import Foundation

extension WallInstant {
    /// The instant `timeIntervalSince1970` seconds after 1970, to the nearest nanosecond; outside
    /// the years 1678 to 2262 it saturates, and a non-finite interval gives 1970.
    ///
    /// For instants kept as a `Double` of seconds elsewhere (Foundation's `Date`, a store's write
    /// times). The conversion keeps order: two doubles a few hundred nanoseconds apart, as
    /// consecutive doubles of this century are, map to distinct instants in the same order.
    public init(timeIntervalSince1970: Double) {
        // Whole seconds and the fraction separately: `seconds * 1e9` as one double would round to
        // 256 ns in this century, merging doubles that are 238 ns apart.
        let whole = timeIntervalSince1970.rounded(.down)
        guard whole.isFinite else {
            self.init(nanosecondsSince1970: timeIntervalSince1970.isNaN ? 0 : (whole < 0 ? .min : .max))
            return
        }
        guard whole > -9.3e9, whole < 9.3e9 else {
            self.init(nanosecondsSince1970: whole < 0 ? .min : .max)
            return
        }
        let fraction = Int64(((timeIntervalSince1970 - whole) * 1e9).rounded())
        self = WallInstant(secondsSince1970: Int64(whole)) + .nanoseconds(fraction)
    }

    /// The instant a Foundation `Date` names (see ``init(timeIntervalSince1970:)``).
    public init(date: Date) {
        self.init(timeIntervalSince1970: date.timeIntervalSince1970)
    }

    /// Seconds since 1970 as a `Double` (exact to about a quarter of a microsecond in this century).
    public var timeIntervalSince1970: Double {
        Double(nanosecondsSince1970) / 1e9
    }

    /// The instant as a Foundation `Date`, for display.
    public var date: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970)
    }
}
