extension JSONParser {
    /// Reads a string; the position is just past its opening quote and ends just past its closing one.
    ///
    /// Most strings have no escapes, so the scan looks at eight bytes at a time for a quote, a
    /// backslash or a control character, and the string is then made from the byte range in one step.
    mutating func readString() throws(GraphQLCoreError) -> String {
        let start = position
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
            if byte == ASCII.quote {
                let range = start..<position
                position += 1
                let text = UnsafeBufferPointer(rebasing: bytes[range])
                if highBits & 0x8080_8080_8080_8080 == 0 {
                    return String(decoding: text, as: UTF8.self)
                }
                guard let string = UTF8Validation.string(text) else { throw invalidUTF8(in: range) }
                return string
            }
            if byte == ASCII.backslash { return try readEscapedString(from: start) }
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

    /// The slow path, for a string with at least one escape: its pieces go through `scratch`.
    private mutating func readEscapedString(from start: Int) throws(GraphQLCoreError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ASCII.quote {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                let end = position
                position += 1
                guard let string = scratch.withUnsafeBufferPointer(UTF8Validation.string) else {
                    throw invalidUTF8(in: start..<end)
                }
                return string
            }
            if byte == ASCII.backslash {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                try readEscape()
                runStart = position
                continue
            }
            if byte < 0x20 { throw controlCharacter(byte) }
            position += 1
        }
        throw failure("the string that starts here is not closed", at: start - 1)
    }

    /// Reads one escape into `scratch`; the position is at its backslash.
    private mutating func readEscape() throws(GraphQLCoreError) {
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
        case ASCII.u:
            try readUnicodeEscape()
            return
        default:
            throw failure("'\\' must be followed by one of \" \\ / b f n r t u")
        }
        scratch.append(decoded)
        position += 2
    }

    /// Reads `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, into `scratch` as UTF-8.
    private mutating func readUnicodeEscape() throws(GraphQLCoreError) {
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
        UTF8.encode(scalar) { scratch.append($0) }
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
