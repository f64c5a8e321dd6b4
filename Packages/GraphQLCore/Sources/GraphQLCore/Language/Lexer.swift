/// Turns the UTF-8 bytes of a document into tokens, one at a time, skipping ignored tokens
/// (whitespace, line terminators, commas, comments and the byte order mark).
///
/// It reads the bytes in place: a token is a byte range plus its line and column, and only
/// strings are decoded here. Error messages and positions follow graphql-core's lexer, so that the
/// reference fixture can compare them.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where lexing of the next token starts.
    private(set) var position = 0
    /// The line of `position`.
    private var line = 1
    /// The byte offset where that line starts.
    private var lineStart = 0
    // Columns count scalars, not bytes. Tokens come in order, so counting from the previous token
    // on the same line keeps the cost linear even for a one-line document.
    private var columnLine = 0
    private var columnCursor = 0
    private var columnCount = 0
    /// The value of the last string or block string token lexed.
    private(set) var stringValue = ""

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Tokens

    /// Lexes the next token after the ignored tokens at `position`.
    ///
    /// Never inlined: it is large (every error message is built here), and copies of it in each of
    /// the parser's call sites would only grow the parser's frames and code.
    @inline(never)
    mutating func next() throws(GraphQLCoreError) -> Token {
        let count = bytes.count
        var index = position
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x2C:  // space, tab, comma
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            case 0x0D:
                index += (index + 1 < count && bytes[index + 1] == 0x0A) ? 2 : 1
                line += 1
                lineStart = index
            case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3  // U+FEFF, the byte order mark
            case 0x23:  // #
                index += 1
                while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            case 0x22:  // "
                if index + 2 < count, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22 {
                    return try readBlockString(from: index)
                }
                return try readString(from: index)
            case 0x21: return punctuator(.bang, at: index)
            case 0x24: return punctuator(.dollar, at: index)
            case 0x26: return punctuator(.amp, at: index)
            case 0x28: return punctuator(.parenL, at: index)
            case 0x29: return punctuator(.parenR, at: index)
            case 0x3A: return punctuator(.colon, at: index)
            case 0x3D: return punctuator(.equals, at: index)
            case 0x40: return punctuator(.at, at: index)
            case 0x5B: return punctuator(.bracketL, at: index)
            case 0x5D: return punctuator(.bracketR, at: index)
            case 0x7B: return punctuator(.braceL, at: index)
            case 0x7C: return punctuator(.pipe, at: index)
            case 0x7D: return punctuator(.braceR, at: index)
            case 0x30...0x39, 0x2D:  // digit, -
                return try readNumber(from: index)
            case 0x41...0x5A, 0x61...0x7A, 0x5F:  // letter, _
                return readName(from: index)
            case 0x2E:  // .
                if index + 1 < count, bytes[index + 1] == 0x2E {
                    if index + 2 < count, bytes[index + 2] == 0x2E {
                        return makeToken(.spread, start: index, end: index + 3)
                    }
                    throw error("Unexpected '..', did you mean '...'?", at: index)
                }
                if index + 1 < count, isDigit(bytes[index + 1]) {
                    var end = index + 1
                    while end < count, isDigit(bytes[end]) { end += 1 }
                    let digits = text(from: index + 1, to: end)
                    throw error("Invalid number, expected digit before '.', did you mean '0.\(digits)'?", at: index)
                }
                throw error("Unexpected character: \(describeCharacter(at: index)).", at: index)
            case 0x27:  // '
                throw error(
                    "Unexpected single quote character ('), did you mean to use a double quote (\")?", at: index)
            default:
                throw error("Unexpected character: \(describeCharacter(at: index)).", at: index)
            }
        }
        return makeToken(.endOfFile, start: count, end: count)
    }

    private mutating func punctuator(_ kind: TokenKind, at index: Int) -> Token {
        makeToken(kind, start: index, end: index + 1)
    }

    private mutating func makeToken(_ kind: TokenKind, start: Int, end: Int) -> Token {
        position = end
        if columnLine != line || columnCursor < lineStart || columnCursor > start {
            columnLine = line
            columnCursor = lineStart
            columnCount = 0
        }
        var index = columnCursor
        var scalars = columnCount
        while index < start {
            if bytes[index] & 0xC0 != 0x80 { scalars += 1 }
            index += 1
        }
        columnCursor = start
        columnCount = scalars
        return Token(kind: kind, start: start, end: end, line: line, column: scalars + 1)
    }

    // MARK: Names and numbers

    private mutating func readName(from start: Int) -> Token {
        var index = start + 1
        while index < bytes.count, isNameContinue(bytes[index]) { index += 1 }
        return makeToken(.name, start: start, end: index)
    }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// `IntValue` or `FloatValue`, with the spec's lookahead: no digit after a leading zero, and no
    /// `.` or name start right after the number.
    private mutating func readNumber(from start: Int) throws(GraphQLCoreError) -> Token {
        var index = start
        var isFloat = false
        if bytes[index] == 0x2D { index += 1 }
        if byte(at: index) == 0x30 {
            index += 1
            if let next = byte(at: index), isDigit(next) {
                throw error("Invalid number, unexpected digit after 0: \(describeCharacter(at: index)).", at: index)
            }
        } else {
            index = try readDigits(from: index)
        }
        if byte(at: index) == 0x2E {
            isFloat = true
            index = try readDigits(from: index + 1)
        }
        if let next = byte(at: index), next == 0x45 || next == 0x65 {
            isFloat = true
            index += 1
            if let sign = byte(at: index), sign == 0x2B || sign == 0x2D { index += 1 }
            index = try readDigits(from: index)
        }
        if let next = byte(at: index), next == 0x2E || isNameStart(next) {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: index)).", at: index)
        }
        return makeToken(isFloat ? .float : .int, start: start, end: index)
    }

    private func readDigits(from start: Int) throws(GraphQLCoreError) -> Int {
        guard let first = byte(at: start), isDigit(first) else {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: start)).", at: start)
        }
        var index = start + 1
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    // MARK: Strings

    /// A `"`-quoted string: escapes resolved, no line terminator inside.
    private mutating func readString(from start: Int) throws(GraphQLCoreError) -> Token {
        let count = bytes.count
        var index = start + 1
        var chunkStart = index
        var decoded: [UInt8] = []
        var hasEscape = false
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 {
                let value: String
                if hasEscape {
                    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
                    value = String(decoding: decoded, as: UTF8.self)
                } else {
                    value = text(from: chunkStart, to: index)
                }
                stringValue = value
                return makeToken(.string, start: start, end: index + 1)
            }
            if byte == 0x5C {
                if !hasEscape {
                    hasEscape = true
                    decoded.reserveCapacity(index - start + 16)
                }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
                let (scalar, size) = try readEscape(at: index)
                appendUTF8(scalar, to: &decoded)
                index += size
                chunkStart = index
                continue
            }
            if byte == 0x0A || byte == 0x0D { break }
            index += 1
        }
        throw error("Unterminated string.", at: index)
    }

    /// One escape sequence at `index` (the backslash): the scalar it stands for and its size in bytes.
    private func readEscape(at index: Int) throws(GraphQLCoreError) -> (Unicode.Scalar, Int) {
        guard byte(at: index + 1) == 0x75 else {  // u
            let value: Unicode.Scalar? =
                switch byte(at: index + 1) {
                case 0x22: "\""
                case 0x2F: "/"
                case 0x5C: "\\"
                case 0x62: "\u{08}"
                case 0x66: "\u{0C}"
                case 0x6E: "\n"
                case 0x72: "\r"
                case 0x74: "\t"
                default: nil
                }
            guard let value else {
                throw error("Invalid character escape sequence: '\(text(from: index, scalars: 2))'.", at: index)
            }
            return (value, 2)
        }
        if byte(at: index + 2) == 0x7B {  // {
            return try readVariableWidthEscape(at: index)
        }
        let code = readHex4(at: index + 2)
        if let scalar = Unicode.Scalar(UInt32(max(code, 0))), code >= 0 {
            return (scalar, 6)
        }
        // JSON-style surrogate pairs are allowed, but only as a valid pair.
        if (0xD800...0xDBFF).contains(code), byte(at: index + 6) == 0x5C, byte(at: index + 7) == 0x75 {
            let trailing = readHex4(at: index + 8)
            if (0xDC00...0xDFFF).contains(trailing),
                let scalar = Unicode.Scalar(UInt32(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)))
            {
                return (scalar, 12)
            }
        }
        throw error("Invalid Unicode escape sequence: '\(text(from: index, scalars: 6))'.", at: index)
    }

    /// `\u{...}` from the working draft: one to eight hex digits naming a Unicode scalar value.
    private func readVariableWidthEscape(at index: Int) throws(GraphQLCoreError) -> (Unicode.Scalar, Int) {
        var point = 0
        var size = 3
        var cursor = index + 3
        let maxSize = min(12, scalarCount(from: index, limit: 12))
        while size < maxSize {
            let (character, length) = scalar(at: cursor)
            cursor += length
            size += 1
            if character == "}" {
                guard size >= 5, let scalar = Unicode.Scalar(UInt32(clamping: point)) else { break }
                return (scalar, cursor - index)
            }
            let digit = character.isASCII ? hexValue(UInt8(character.value)) : -1
            if digit < 0 { break }
            point = (point << 4) | digit
        }
        throw error("Invalid Unicode escape sequence: '\(text(from: index, scalars: size))'.", at: index)
    }

    private func readHex4(at index: Int) -> Int {
        guard index + 4 <= bytes.count else { return -1 }
        var value = 0
        for offset in 0..<4 {
            let digit = hexValue(bytes[index + offset])
            if digit < 0 { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    /// A `"""` block string: `\"""` is the only escape, and the value follows the spec's
    /// `BlockStringValue` (common indentation and blank first and last lines removed).
    private mutating func readBlockString(from start: Int) throws(GraphQLCoreError) -> Token {
        let count = bytes.count
        var index = start + 3
        var chunkStart = index
        var raw: [UInt8] = []
        var lineEnds: [Int] = []  // offsets into `raw` where each line but the last ends
        var newLines = 0
        var blockLineStart = lineStart
        while index < count {
            let byte = bytes[index]
            if byte == 0x22, index + 2 < count, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22 {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
                stringValue = BlockString.value(raw: raw, lineEnds: lineEnds)
                let token = makeToken(.blockString, start: start, end: index + 3)
                line += newLines
                lineStart = blockLineStart
                return token
            }
            if byte == 0x5C, index + 3 < count, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22,
                bytes[index + 3] == 0x22
            {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
                chunkStart = index + 1  // keep the quotes, drop the backslash
                index += 4
                continue
            }
            if byte == 0x0A || byte == 0x0D {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
                lineEnds.append(raw.count)
                index += (byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A) ? 2 : 1
                newLines += 1
                chunkStart = index
                blockLineStart = index
                continue
            }
            index += 1
        }
        throw error("Unterminated string.", at: index)
    }

    // MARK: Characters

    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }

    private func isNameContinue(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
    }

    private func hexValue(_ byte: UInt8) -> Int {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: -1
        }
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        UTF8.encode(scalar) { buffer.append($0) }
    }

    /// The scalar at a byte offset and its length in bytes. The bytes come from a Swift `String`, so
    /// they are valid UTF-8.
    func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length =
            lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(index + length, bytes.count)
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[index..<end]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, end - index) }
        return ("\u{FFFD}", 1)
    }

    private func scalarCount(from index: Int, limit: Int) -> Int {
        var count = 0
        var cursor = index
        while cursor < bytes.count, count < limit {
            if bytes[cursor] & 0xC0 != 0x80 { count += 1 }
            cursor += 1
        }
        return count
    }

    /// The text between two byte offsets.
    func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Up to `scalars` scalars of text from a byte offset, as error messages quote it.
    private func text(from start: Int, scalars: Int) -> String {
        var cursor = start
        var taken = 0
        while cursor < bytes.count, taken < scalars {
            cursor += scalar(at: cursor).1
            taken += 1
        }
        return text(from: start, to: cursor)
    }

    /// graphql-core's `print_code_point_at`: printable ASCII quoted, anything else as `U+XXXX`.
    func describeCharacter(at index: Int) -> String {
        guard index < bytes.count else { return "<EOF>" }
        let (character, _) = scalar(at: index)
        if (0x20...0x7E).contains(character.value) { return "'\(Character(character))'" }
        let hex = String(character.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The value of the string or block string token at `token`, lexed again (for error messages).
    func stringValue(of token: Token) -> String {
        var copy = self
        copy.position = token.start
        return (try? copy.next()).map { _ in copy.stringValue } ?? ""
    }

    // MARK: Errors

    /// The line and column of a byte offset, counting lines as the spec does.
    func location(of offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 < end, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }

    /// A syntax error at a byte offset, worded as graphql-core words it.
    @inline(never)
    func error(_ message: String, at offset: Int, code: GraphQLCoreError.Code = .syntax) -> GraphQLCoreError {
        GraphQLCoreError(code, "Syntax Error: " + message, locations: [location(of: offset)])
    }
}
