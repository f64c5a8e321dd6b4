// The one home of the JSON readers' errors: every reader in the package (the tree, the skipping
// reader, the tape) throws these, with the same code, texts and positions.
extension JSONScanner {
    /// An error at the current position.
    func failure(_ message: String) -> GraphQLCoreError {
        failure(message, at: position)
    }

    /// An error at byte `offset`, with its line and column.
    func failure(_ message: String, at offset: Int) -> GraphQLCoreError {
        let location = Self.location(of: offset, in: bytes)
        return GraphQLCoreError(
            .invalidJSON, "\(message) (byte \(offset), line \(location.line), column \(location.column))",
            locations: [location])
    }

    func unexpectedByte(expecting expected: String) -> GraphQLCoreError {
        guard position < bytes.count else { return failure("the input ends where \(expected) should be") }
        let byte = bytes[position]
        let shown =
            byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return failure("unexpected \(shown) where \(expected) should be")
    }

    /// The 1-based line and column of a byte offset; lines end at `\n`, `\r\n` or `\r`, and columns
    /// count Unicode scalars (UTF-8 continuation bytes do not start a column).
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        let end = Swift.min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
                if byte == ASCII.carriageReturn, index + 1 < end, bytes[index + 1] == ASCII.lineFeed { index += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
