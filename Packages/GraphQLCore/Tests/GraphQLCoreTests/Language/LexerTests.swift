import Testing

@testable import GraphQLCore

@Suite("Lexer")
struct LexerTests {
    /// Every token of `text` up to and including the end of file.
    private func tokens(_ text: String) throws(GraphQLCoreError) -> [Token] {
        try lex(text).tokens
    }

    /// The value of the first string token of `text`.
    private func firstString(_ text: String) throws(GraphQLCoreError) -> String? {
        try lex(text).strings.first
    }

    private func lex(_ text: String) throws(GraphQLCoreError) -> (tokens: [Token], strings: [String]) {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<([Token], [String]), GraphQLCoreError> in
            var lexer = Lexer(bytes: buffer)
            var tokens: [Token] = []
            var strings: [String] = []
            do throws(GraphQLCoreError) {
                repeat {
                    tokens.append(try lexer.next())
                    if tokens.last?.kind == .string || tokens.last?.kind == .blockString {
                        strings.append(lexer.stringValue)
                    }
                } while tokens.last?.kind != .endOfFile
                return .success((tokens, strings))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func places(_ text: String) throws -> [String] {
        try tokens(text).map { "\($0.kind):\($0.line):\($0.column)" }
    }

    private func error(_ text: String) -> GraphQLCoreError? {
        do {
            _ = try tokens(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("lines end at \\n, \\r\\n and \\r, and columns count Unicode scalars rather than bytes")
    func linesAndColumns() throws {
        #expect(
            try places("a\nb\r\nc\rd \"é😀\" e")
                == [
                    "name:1:1", "name:2:1", "name:3:1", "name:4:1", "string:4:3", "name:4:8", "endOfFile:4:9",
                ])
    }

    @Test("a token after a multi-line block string is placed on the line after the string's last line")
    func lineAfterBlockString() throws {
        #expect(try places("\"\"\"a\r\n  b\rc\n\"\"\"  x") == ["blockString:1:1", "name:4:6", "endOfFile:4:7"])
    }

    @Test("commas, tabs, comments and byte order marks are ignored anywhere")
    func ignoredTokens() throws {
        #expect(try places("\u{FEFF},\t# comment é\n,x\u{FEFF}y") == ["name:2:2", "name:2:4", "endOfFile:2:5"])
    }

    @Test("string escapes resolve, including surrogate pairs and braced code points")
    func escapes() throws {
        let value = try firstString(#""\"\\\/\b\f\n\r\t\u0041\u{1F600}\uD83D\uDE00\u{0}""#)
        #expect(value == "\"\\/\u{08}\u{0C}\n\r\tA😀😀\u{0}")
    }

    @Test("lone surrogates and code points beyond U+10FFFF are rejected with the escape quoted")
    func invalidEscapes() {
        #expect(error(#""\uD800""#)?.message == "Syntax Error: Invalid Unicode escape sequence: '\\uD800'.")
        #expect(error(#""\uDE00\uD83D""#)?.message == "Syntax Error: Invalid Unicode escape sequence: '\\uDE00'.")
        #expect(error(#""\u{110000}""#)?.message == "Syntax Error: Invalid Unicode escape sequence: '\\u{110000}'.")
        #expect(error(#""\u{DFFF}""#)?.locations == [GraphQLCore.SourceLocation(line: 1, column: 2)])
    }

    @Test("numbers keep their text and reject a following name start, dot or leading zero")
    func numbers() throws {
        let lexed = try tokens("0 -0 12 1.5 -1e10 2E+3 4.5e-6")
        #expect(lexed.map(\.kind) == [.int, .int, .int, .float, .float, .float, .float, .endOfFile])
        #expect(error("0x1")?.message == "Syntax Error: Invalid number, expected digit but got: 'x'.")
        #expect(error("1.")?.message == "Syntax Error: Invalid number, expected digit but got: <EOF>.")
        #expect(error("123abc")?.message == "Syntax Error: Invalid number, expected digit but got: 'a'.")
        #expect(error("007")?.message == "Syntax Error: Invalid number, unexpected digit after 0: '0'.")
    }

    @Test("characters outside strings that are not GraphQL punctuators are named by code point")
    func unexpectedCharacters() {
        #expect(error("é")?.message == "Syntax Error: Unexpected character: U+00E9.")
        #expect(error("a 😀")?.message == "Syntax Error: Unexpected character: U+1F600.")
        #expect(error("a 😀")?.locations == [GraphQLCore.SourceLocation(line: 1, column: 3)])
        #expect(error("\u{7}")?.message == "Syntax Error: Unexpected character: U+0007.")
    }

    @Test("a block string's value removes common indentation and blank first and last lines")
    func blockStringValue() throws {
        let value = try firstString("\"\"\"\n\n    Hello,\n      World!\n\n    Yours \\\"\"\"\n  \n\"\"\"")
        #expect(value == "Hello,\n  World!\n\nYours \"\"\"")
    }
}
