/// Builds Swift source a line at a time with two-space indentation, swift-format's default layout and
/// the one Apollo iOS generates: generated code is compiled far more often than it is read, and every
/// level of a nested selection is indented again (decision 0227).
struct SwiftWriter {
    private(set) var output = ""
    private var depth = 0
    /// Whether the last thing written was a blank line or an opening brace, after which a blank
    /// line would be noise.
    private var atBlockStart = true

    /// Writes `text` on its own line at the current depth.
    mutating func line(_ text: String) {
        output += text.isEmpty ? "\n" : String(repeating: "  ", count: depth) + text + "\n"
        atBlockStart = text.isEmpty || text.hasSuffix("{")
    }

    /// A blank line, unless one was just written or a block just opened.
    mutating func blank() {
        guard !atBlockStart else { return }
        output += "\n"
        atBlockStart = true
    }

    /// `target = value`, or with `value` on the next line, indented, when one line would pass 120
    /// columns (where swift-format breaks it).
    mutating func assignment(_ target: String, _ value: String) {
        let oneLine = target + " = " + value
        // swift-format breaks a conditional (`a ? b : c`) value that ends exactly at column 120 too.
        let width = value.contains(" ? ") ? 119 : 120
        if indentationWidth + oneLine.count <= width {
            line(oneLine)
        } else {
            line(target + " =")
            indented { $0.line(value) }
        }
    }

    /// `head(a, b)`, or when that passes 120 columns, the arguments packed on the lines after `head(`
    /// and the `)` after the last, as swift-format lays out a call.
    mutating func call(_ head: String, _ arguments: [String]) {
        let oneLine = head + "(" + arguments.joined(separator: ", ") + ")"
        guard indentationWidth + oneLine.count > 120 else {
            line(oneLine)
            return
        }
        line(head + "(")
        indented { writer in
            var current = ""
            for (index, argument) in arguments.enumerated() {
                let piece = argument + (index == arguments.count - 1 ? ")" : ",")
                if current.isEmpty {
                    current = piece
                } else if writer.indentationWidth + current.count + 1 + piece.count <= 120 {
                    current += " " + piece
                } else {
                    writer.line(current)
                    current = piece
                }
            }
            writer.line(current)
        }
    }

    /// `/// text` for each line of `text`.
    mutating func doc(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingTrailingSpaces()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// The width of the current indentation, in columns.
    var indentationWidth: Int { depth * 2 }

    /// The lines `body` writes, one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// `header {`, the body indented, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
        atBlockStart = false
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return String(self[..<end])
    }
}
