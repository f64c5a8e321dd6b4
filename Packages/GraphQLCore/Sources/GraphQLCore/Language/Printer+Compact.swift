extension Printer {
    /// The text of a document with none of the characters the grammar ignores: the canonical text
    /// (what `print(_:)` gives for a document) with every space, line break and comma dropped that
    /// does not keep two tokens apart, as graphql-core's `strip_ignored_characters` leaves it.
    ///
    /// The text an operation is sent as (``GraphQLOperation/text``): a server reads the same document,
    /// in fewer bytes on every request and in every generated file that holds it (decision 0225).
    public static func printCompact(_ document: Document) -> String {
        compacted(print(document))
    }

    /// `text` without its ignored characters. A printed document always lexes; if one did not, it
    /// would be returned as it is, which a server reads as well.
    static func compacted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var lexer = Lexer(bytes: bytes)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var previousIsWord = false
            while true {
                guard let token = try? lexer.next() else { return nil }
                if token.kind == .endOfFile { break }
                let isWord = !token.kind.isPunctuator
                // Two names, numbers or strings in a row need a space; so does `...` after one, as
                // graphql-core keeps it (`a ...F` rather than `a...F`).
                if previousIsWord, isWord || token.kind == .spread { output.append(0x20) }
                if token.kind == .blockString {
                    output.append(contentsOf: BlockString.printed(lexer.stringValue, minimized: true).utf8)
                } else {
                    output.append(contentsOf: bytes[token.start..<token.end])
                }
                previousIsWord = isWord
            }
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }
}

extension TokenKind {
    /// Whether the token is one of the punctuators, which need no space beside them.
    fileprivate var isPunctuator: Bool {
        switch self {
        case .bang, .dollar, .amp, .parenL, .parenR, .spread, .colon, .equals, .at, .bracketL, .bracketR, .braceL,
            .pipe, .braceR:
            true
        case .startOfFile, .endOfFile, .name, .int, .float, .string, .blockString:
            false
        }
    }
}
