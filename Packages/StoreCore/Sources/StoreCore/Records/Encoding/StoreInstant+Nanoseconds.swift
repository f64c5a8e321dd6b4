extension StoreInstant {
    /// The instant as whole nanoseconds since 1970, the unit record bytes hold; instants beyond
    /// the range of `Int64` (about 292 years either side) are clamped, and NaN is 0.
    var nanosecondsSince1970: Int64 {
        let nanoseconds = (secondsSince1970 * 1e9).rounded()
        guard !nanoseconds.isNaN else { return 0 }
        if nanoseconds >= 9.223_372_036_854_775_807e18 { return .max }
        if nanoseconds <= -9.223_372_036_854_775_808e18 { return .min }
        return Int64(nanoseconds)
    }

    /// The instant `nanosecondsSince1970` nanoseconds after 1970.
    init(nanosecondsSince1970: Int64) {
        self.init(secondsSince1970: Double(nanosecondsSince1970) / 1e9)
    }
}
