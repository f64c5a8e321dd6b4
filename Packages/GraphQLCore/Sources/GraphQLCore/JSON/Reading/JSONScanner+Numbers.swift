extension JSONScanner {
    /// A number's text, checked against RFC 8259's grammar, with what its value is made from.
    struct ScannedNumber {
        var start: Int
        var negative: Bool
        /// The first 19 significant digits.
        var mantissa: UInt64 = 0
        var digits = 0
        /// Integer digits after the first 19, which the mantissa leaves out.
        var droppedIntegerDigits = 0
        /// Whether any digit was left out of the mantissa.
        var truncated = false
        /// The power of ten the mantissa is scaled by, before the dropped integer digits.
        var exponent = 0
        var isInteger = true

        /// Whether Clinger's fast path gives the exact value: one multiplication or division of two
        /// exactly representable doubles.
        var isFast: Bool { !truncated && mantissa <= 1 << 53 && (-22...22).contains(exponent) }

        /// Whether the value is below 10^308, so that it cannot overflow a Double.
        var isBelowDoubleRange: Bool { digits + droppedIntegerDigits + exponent <= 308 }
    }

    /// Reads a number per RFC 8259's grammar; integers that fit in `Int` become `.int`, other
    /// integers `.bigInt` with their digits, exact.
    ///
    /// Digits accumulate into a 64-bit mantissa as they are checked against the grammar. A number
    /// whose mantissa fits in 53 bits and whose exponent is within ±22 is then exact as one multiplication
    /// or division of two exactly representable doubles (Clinger's fast path), and anything else
    /// goes through the standard library's correctly rounded conversion of the text.
    mutating func readNumber() throws(GraphQLCoreError) -> JSONValue {
        let number = try scanNumber()
        if number.isInteger {
            if !number.truncated {
                let mantissa = number.mantissa
                if !number.negative, mantissa <= UInt64(Int.max) { return .int(Int(mantissa)) }
                if number.negative, mantissa <= UInt64(Int.max) + 1 {
                    return .int(Int(truncatingIfNeeded: 0 &- mantissa))
                }
            }
            // The grammar allows no leading zeros, so the text is already the canonical digits.
            return .bigInt(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[number.start..<position]), as: UTF8.self))
        }
        if number.isFast {
            var double = Double(number.mantissa)
            if number.exponent < 0 {
                double /= Self.powersOfTen[-number.exponent]
            } else {
                double *= Self.powersOfTen[number.exponent]
            }
            return .double(number.negative ? -double : double)
        }
        return .double(try slowDouble(number))
    }

    /// Checks a number as ``readNumber()`` reads it, making no value unless it may be beyond a
    /// Double, which ``readNumber()`` refuses.
    mutating func skipNumber() throws(GraphQLCoreError) {
        let number = try scanNumber()
        if !number.isInteger, !number.isFast, !number.isBelowDoubleRange { _ = try slowDouble(number) }
    }

    /// The standard library's correctly rounded conversion of the number's text, which must be finite.
    private func slowDouble(_ number: ScannedNumber) throws(GraphQLCoreError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[number.start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw failure("the number is too large for a Double", at: number.start)
        }
        return double
    }

    /// Moves past a number, checking it against the grammar; the position is at its first byte.
    @inline(__always)
    private mutating func scanNumber() throws(GraphQLCoreError) -> ScannedNumber {
        var number = ScannedNumber(start: position, negative: bytes[position] == ASCII.minus)
        if number.negative { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
            throw failure("'-' must be followed by a digit")
        }

        if bytes[position] == ASCII.zero {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw failure("a number must not have leading zeros", at: number.start)
            }
        } else {
            while position < bytes.count, Self.isDigit(bytes[position]) {
                if number.digits < 19 {
                    number.mantissa = number.mantissa &* 10 &+ UInt64(bytes[position] &- ASCII.zero)
                    number.digits += 1
                } else {
                    number.truncated = true
                    number.droppedIntegerDigits += 1
                }
                position += 1
            }
        }

        if position < bytes.count, bytes[position] == ASCII.period {
            number.isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("'.' must be followed by a digit")
            }
            while position < bytes.count, Self.isDigit(bytes[position]) {
                let digit = bytes[position] &- ASCII.zero
                if number.mantissa == 0 && digit == 0 {
                    number.exponent -= 1
                } else if number.digits < 19 {
                    number.mantissa = number.mantissa &* 10 &+ UInt64(digit)
                    number.digits += 1
                    number.exponent -= 1
                } else {
                    number.truncated = true
                }
                position += 1
            }
        }

        if position < bytes.count, bytes[position] == ASCII.lowerE || bytes[position] == ASCII.upperE {
            number.isInteger = false
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
            number.exponent += exponentNegative ? -written : written
        }
        return number
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
