/// The block string rules of the spec: reading a block string's value from its raw lines
/// (`BlockStringValue`) and printing a value back as a block string the way graphql-core does.
enum BlockString {
    /// The spec's `BlockStringValue`: removes the common indentation of every line but the first,
    /// then leading and trailing blank lines, and joins the lines with `\n`.
    ///
    /// `raw` is the text between the quotes with `\"""` already unescaped and line terminators
    /// removed; `lineEnds` are the offsets in `raw` where each line but the last ends.
    static func value(raw: [UInt8], lineEnds: [Int]) -> String {
        var lines: [Range<Int>] = []
        lines.reserveCapacity(lineEnds.count + 1)
        var start = 0
        for end in lineEnds {
            lines.append(start..<end)
            start = end
        }
        lines.append(start..<raw.count)

        var commonIndent = Int.max
        var firstNonBlank: Int?
        var lastNonBlank = -1
        for (number, line) in lines.enumerated() {
            var indent = 0
            while line.lowerBound + indent < line.upperBound,
                raw[line.lowerBound + indent] == 0x20 || raw[line.lowerBound + indent] == 0x09
            {
                indent += 1
            }
            if indent == line.count { continue }
            if firstNonBlank == nil { firstNonBlank = number }
            lastNonBlank = number
            if number > 0, indent < commonIndent { commonIndent = indent }
        }
        let first = firstNonBlank ?? 0
        guard first <= lastNonBlank else { return "" }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        for number in first...lastNonBlank {
            var line = lines[number]
            if number > 0 {
                line = min(line.lowerBound + commonIndent, line.upperBound)..<line.upperBound
            }
            if number > first { result.append(0x0A) }
            result.append(contentsOf: raw[line])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// graphql-core's `print_block_string`: the value between `"""`, on lines of its own when that
    /// reads better or is needed to keep the value, with `"""` inside escaped. `minimized` adds a line
    /// break only where the value needs one.
    static func printed(_ value: String, minimized: Bool = false) -> String {
        let escaped = escapingTripleQuotes(value)
        let lines = splitLines(escaped)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { line in
                line.isEmpty || line.unicodeScalars.first == " " || line.unicodeScalars.first == "\t"
            }
        let hasTrailingTripleQuotes = escaped.unicodeScalars.suffix(4).elementsEqual("\\\"\"\"".unicodeScalars)
        let hasTrailingQuote = value.unicodeScalars.last == "\"" && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.unicodeScalars.last == "\\"
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !minimized
            && (!isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine || forceLeadingNewLine
                || hasTrailingTripleQuotes)
        let first = value.unicodeScalars.first
        let skipLeadingNewLine = isSingleLine && (first == " " || first == "\t")
        let before = (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine ? "\n" : ""
        let after = printAsMultipleLines || forceTrailingNewLine ? "\n" : ""
        return "\"\"\"" + before + escaped + after + "\"\"\""
    }

    /// Puts a backslash before every `"""`. Works on UTF-8 bytes, in one pass into a buffer sized up
    /// front (a quote byte is never part of another scalar's encoding, so this is the same as
    /// comparing scalars, and a combining mark after a quote cannot hide it).
    static func escapingTripleQuotes(_ value: String) -> String {
        let quote: UInt8 = 0x22
        var output: [UInt8] = []
        output.reserveCapacity(value.utf8.count + 16)
        var quotes = 0
        for byte in value.utf8 {
            if byte == quote {
                quotes += 1
                if quotes == 3 {
                    output.append(0x5C)
                    output.append(contentsOf: [quote, quote, quote])
                    quotes = 0
                }
                continue
            }
            for _ in 0..<quotes { output.append(quote) }
            quotes = 0
            output.append(byte)
        }
        for _ in 0..<quotes { output.append(quote) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Splits on the GraphQL line terminators only: `\r\n`, `\r` and `\n`.
    static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var lineStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(Substring(scalars[lineStart..<index]))
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                index = next
                lineStart = next
            } else {
                index = scalars.index(after: index)
            }
        }
        lines.append(Substring(scalars[lineStart..<scalars.endIndex]))
        return lines
    }
}
