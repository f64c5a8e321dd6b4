import GraphQLCore

/// The documents parsed as one text, so that an operation in one file may spread a fragment defined
/// in another and the compiler validates them together, with each location in the joined text mapped
/// back to its file, line and column.
///
/// Each file starts on a line of its own in the joined text, so a column needs no mapping and a
/// line only an offset.
struct DocumentSet {
    /// A file's place in the joined text.
    struct Span {
        var source: CodegenSource
        /// The joined text's line the file's first line is.
        var firstLine: Int
    }

    let spans: [Span]
    let text: String

    init(_ sources: [CodegenSource]) {
        var spans: [Span] = []
        var text = ""
        var line = 1
        for source in sources {
            var body = source.text
            // The lexer skips a byte order mark only at the start of the text.
            if body.unicodeScalars.first == "\u{FEFF}" { body.unicodeScalars.removeFirst() }
            spans.append(Span(source: source, firstLine: line))
            let separator = body.hasSuffix("\r") ? "" : "\n"
            text += body + separator
            line += Self.lineBreaks(in: body + separator)
        }
        self.spans = spans
        self.text = text
    }

    /// Line breaks as GraphQL counts them: `\n`, `\r\n` and a lone `\r`.
    static func lineBreaks(in text: String) -> Int {
        var count = 0
        var afterReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                count += 1
                afterReturn = true
            } else {
                if scalar == "\n" && !afterReturn { count += 1 }
                afterReturn = false
            }
        }
        return count
    }

    /// The index of the file holding `location` of the joined text.
    func fileIndex(of location: SourceLocation) -> Int? {
        guard location.line > 0 else { return nil }
        return spans.lastIndex { $0.firstLine <= location.line }
    }

    /// A diagnostic at `location` of the joined text, in the file holding it.
    func diagnostic(at location: SourceLocation?, _ message: String) -> CodegenDiagnostic {
        guard let location, let index = fileIndex(of: location) else {
            return CodegenDiagnostic(file: spans.first?.source.path ?? "<documents>", message: message)
        }
        let span = spans[index]
        return CodegenDiagnostic(
            file: span.source.path, line: location.line - span.firstLine + 1, column: location.column,
            message: message)
    }
}
