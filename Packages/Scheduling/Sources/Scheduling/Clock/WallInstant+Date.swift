import Foundation

extension WallInstant {
    /// The instant `date` names, to the nearest nanosecond the `Date`'s double allows; a date
    /// outside the years 1678 to 2262 saturates, and a non-finite one gives 1970.
    public init(date: Date) {
        let nanoseconds = (date.timeIntervalSince1970 * 1e9).rounded()
        if !nanoseconds.isFinite {
            self.init(nanosecondsSince1970: 0)
        } else if nanoseconds >= 9.223_372_036_854_775e18 {
            self.init(nanosecondsSince1970: .max)
        } else if nanoseconds <= -9.223_372_036_854_775e18 {
            self.init(nanosecondsSince1970: .min)
        } else {
            self.init(nanosecondsSince1970: Int64(nanoseconds))
        }
    }

    /// The instant as a Foundation `Date`, for display.
    public var date: Date {
        Date(timeIntervalSince1970: Double(nanosecondsSince1970) / 1e9)
    }
}
