extension JSONValue {
    /// The exact decimal digits of an integral `double` (`-` first when negative), for telling
    /// whether a ``bigInt`` is a `Double` exactly, as graphql-core asks before it makes a Float of an
    /// integer. `nil` when `double` is not finite or not integral.
    ///
    /// Beyond 2^53 every `Double` is an integer times a power of two; the digits come from doubling
    /// the integer's digits that many times, so no rounding enters.
    static func exactDigits(of double: Double) -> String? {
        guard double.isFinite, double.rounded(.towardZero) == double else { return nil }
        if let int = Int(exactly: double) { return String(int) }
        let magnitude = double.magnitude
        // magnitude = significand * 2^shift, with an integral significand below 2^53.
        let shift = Int(magnitude.exponent) - Double.significandBitCount
        var digits = Array(
            String(UInt64(magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount)))).utf8
        )
        .reversed().map { Int($0 - UInt8(ascii: "0")) }
        for _ in 0..<max(shift, 0) {
            var carry = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        let text = String(digits.reversed().map { Character(Unicode.Scalar(UInt8($0) + UInt8(ascii: "0"))) })
        return double < 0 ? "-" + text : text
    }
}
