extension JSONParser {
    /// Reads a number per RFC 8259's grammar; integers that fit in `Int` become `.int`, other
    /// integers `.bigInt` with their digits, exact.
    ///
    /// Digits accumulate into a 64-bit mantissa as they are checked against the grammar. A number
    /// whose mantissa fits in 53 bits and whose exponent is within ±22 is then exact as one multiplication
    /// or division of two exactly representable doubles (Clinger's fast path), and anything else
    /// goes through the standard library's correctly rounded conversion of the text.
    mutating func readNumber() throws(GraphQLCoreError) -> JSONValue {
        let start = position
        let negative = bytes[position] == ASCII.minus
        if negative { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
            throw failure("'-' must be followed by a digit")
        }

        var mantissa: UInt64 = 0
        var digits = 0
        var truncated = false
        var exponent = 0
        var isInteger = true

        if bytes[position] == ASCII.zero {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw failure("a number must not have leading zeros", at: start)
            }
        } else {
            while position < bytes.count, Self.isDigit(bytes[position]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- ASCII.zero)
                    digits += 1
                } else {
                    truncated = true
                }
                position += 1
            }
        }

        if position < bytes.count, bytes[position] == ASCII.period {
            isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("'.' must be followed by a digit")
            }
            while position < bytes.count, Self.isDigit(bytes[position]) {
                let digit = bytes[position] &- ASCII.zero
                if mantissa == 0 && digit == 0 {
                    exponent -= 1
                } else if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    digits += 1
                    exponent -= 1
                } else {
                    truncated = true
                }
                position += 1
            }
        }

        if position < bytes.count, bytes[position] == ASCII.lowerE || bytes[position] == ASCII.upperE {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == ASCII.plus || bytes[position] == ASCII.minus {
                exponentNegative = bytes[position] == ASCII.minus
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("an exponent must have a digit")
            }
            var written = 0
            while position < bytes.count, Self.isDigit(bytes[position]) {
                // Saturates: any exponent this large already overflows or underflows a Double.
                if written < 100_000 { written = written * 10 + Int(bytes[position] &- ASCII.zero) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }

        if isInteger {
            if !truncated {
                if !negative, mantissa <= UInt64(Int.max) { return .int(Int(mantissa)) }
                if negative, mantissa <= UInt64(Int.max) + 1 { return .int(Int(truncatingIfNeeded: 0 &- mantissa)) }
            }
            // The grammar allows no leading zeros, so the text is already the canonical digits.
            return .bigInt(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
        }

        if !truncated, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            var double = Double(mantissa)
            if exponent < 0 {
                double /= Self.powersOfTen[-exponent]
            } else {
                double *= Self.powersOfTen[exponent]
            }
            return .double(negative ? -double : double)
        }

        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw failure("the number is too large for a Double", at: start)
        }
        return .double(double)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- ASCII.zero < 10
    }

    /// 10^0 through 10^22: every one is exact in a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
