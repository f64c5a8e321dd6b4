extension JSONScanner {
    /// Reads a string; the position is at its opening quote and ends just past its closing one.
    ///
    /// Most strings have no escapes, so the scan looks at eight bytes at a time for a quote, a
    /// backslash or a control character, and the string is then made from the byte range in one step.
    mutating func readString() throws(GraphQLCoreError) -> String {
        position += 1
        let start = position
        let highBits = try scanRun(of: start)
        guard bytes[position] == ASCII.quote else { return try readEscapedString(from: start) }
        let range = start..<position
        position += 1
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        if highBits & 0x8080_8080_8080_8080 == 0 {
            return String(decoding: text, as: UTF8.self)
        }
        guard let string = UTF8Validation.string(text) else { throw invalidUTF8(in: range) }
        return string
    }

    /// Checks a string as ``readString()`` reads it, making none: the position is at its opening
    /// quote and ends just past its closing one. Returns whether the string is plain, ASCII with no
    /// escape, so that its bytes between the quotes are its text.
    mutating func skipString() throws(GraphQLCoreError) -> Bool {
        position += 1
        let start = position
        var highBits = try scanRun(of: start)
        var plain = true
        while bytes[position] == ASCII.backslash {
            plain = false
            _ = try readEscape()
            highBits |= try scanRun(of: start)
        }
        let range = start..<position
        position += 1
        guard highBits & 0x8080_8080_8080_8080 != 0 else { return plain }
        // Escapes decode to whole scalars, so the text is valid when the bytes around them are.
        if let invalid = UTF8Validation.firstInvalidIndex(in: bytes, range) {
            throw failure("a string is not valid UTF-8", at: invalid)
        }
        return false
    }

    /// Moves to the next quote or backslash of the string that starts at `start`, and returns the
    /// bytes it passed OR-ed together (their high bits say whether any was beyond ASCII). Throws at
    /// a control character and when the input ends first.
    @inline(__always)
    private mutating func scanRun(of start: Int) throws(GraphQLCoreError) -> UInt64 {
        var highBits: UInt64 = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while position &+ 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if Self.hasSpecialByte(word) { break }
                highBits |= word
                position &+= 8
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ASCII.quote || byte == ASCII.backslash { return highBits }
            if byte < 0x20 { throw controlCharacter(byte) }
            highBits |= UInt64(byte)
            position += 1
        }
        throw failure("the string that starts here is not closed", at: start - 1)
    }

    /// Whether any byte of `word` is a quote, a backslash or below 0x20 (exact, from the
    /// "determine if a word has a byte less than n" bit trick).
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & highs != 0
    }

    /// The slow path, for a string with at least one escape: its pieces go through `scratch`; the
    /// position is at the first backslash.
    private mutating func readEscapedString(from start: Int) throws(GraphQLCoreError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while bytes[position] == ASCII.backslash {
            let scalar = try readEscape()
            if scalar.value < 0x80 {
                scratch.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { scratch.append($0) }
            }
            let runStart = position
            _ = try scanRun(of: start)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        }
        let end = position
        position += 1
        guard let string = scratch.withUnsafeBufferPointer(UTF8Validation.string) else {
            throw invalidUTF8(in: start..<end)
        }
        return string
    }

    /// Reads one escape, `\uXXXX` or a surrogate pair `\uD83D\uDE00` included, and returns the
    /// scalar it stands for; the position is at its backslash.
    private mutating func readEscape() throws(GraphQLCoreError) -> Unicode.Scalar {
        guard position + 1 < bytes.count else { throw failure("the input ends inside an escape") }
        let decoded: UInt8
        switch bytes[position + 1] {
        case ASCII.quote: decoded = ASCII.quote
        case ASCII.backslash: decoded = ASCII.backslash
        case ASCII.slash: decoded = ASCII.slash
        case ASCII.b: decoded = 0x08
        case ASCII.f: decoded = 0x0C
        case ASCII.n: decoded = ASCII.lineFeed
        case ASCII.r: decoded = ASCII.carriageReturn
        case ASCII.t: decoded = ASCII.tab
        case ASCII.u: return try readUnicodeEscape()
        default:
            throw failure("'\\' must be followed by one of \" \\ / b f n r t u")
        }
        position += 2
        return Unicode.Scalar(decoded)
    }

    /// Reads `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, and returns its scalar.
    private mutating func readUnicodeEscape() throws(GraphQLCoreError) -> Unicode.Scalar {
        let escapeStart = position
        let unit = try readHexEscape()
        var value = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            guard position + 1 < bytes.count, bytes[position] == ASCII.backslash, bytes[position + 1] == ASCII.u
            else {
                throw failure(
                    "the high surrogate in this escape is not followed by a low surrogate escape", at: escapeStart)
            }
            let low = try readHexEscape()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("the high surrogate in this escape is not followed by a low surrogate", at: escapeStart)
            }
            value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw failure("this escape is a low surrogate without a high surrogate before it", at: escapeStart)
        default:
            break
        }
        guard let scalar = Unicode.Scalar(value) else { throw failure("invalid Unicode escape", at: escapeStart) }
        return scalar
    }

    /// Reads `\uXXXX` at the position (its backslash) and returns the code unit.
    private mutating func readHexEscape() throws(GraphQLCoreError) -> UInt16 {
        guard position + 6 <= bytes.count else { throw failure("the input ends inside a \\u escape") }
        var unit: UInt16 = 0
        for offset in 2..<6 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            unit = unit << 4 | UInt16(digit)
        }
        position += 6
        return unit
    }

    private func controlCharacter(_ byte: UInt8) -> GraphQLCoreError {
        let code = String(byte, radix: 16, uppercase: true)
        return failure(
            "control character U+\(String(repeating: "0", count: 4 - code.count) + code) must be escaped in a string")
    }

    private func invalidUTF8(in range: Range<Int>) -> GraphQLCoreError {
        failure(
            "a string is not valid UTF-8", at: UTF8Validation.firstInvalidIndex(in: bytes, range) ?? range.lowerBound)
    }
}
