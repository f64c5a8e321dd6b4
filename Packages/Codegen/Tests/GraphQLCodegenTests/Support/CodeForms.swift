import Foundation

/// The forms of code a generated file holds: each line with its names, string literals and numbers
/// blanked out, an initializer's parameters one by one, comments and the operation's text left out.
/// Two files that use the same constructs (a nullable list of lists, a type condition's view, an
/// `@include` field...) in different places and under different names give the same forms, so a
/// sample whose forms are all the corpus's forms compiles and runs every construct it uses.
enum CodeForms {
    /// The words kept: Swift's and the standard library's, which the construct is spelled with.
    private static let kept: Set<String> = [
        "struct", "enum", "var", "let", "init", "func", "try", "self", "return", "case", "switch", "default",
        "private", "fileprivate", "static", "throws", "any", "some", "import", "extension", "public", "internal",
        "nil", "true", "false", "where", "if", "else", "guard", "for", "in", "Codable", "Sendable", "Hashable",
        "Decodable", "Encodable", "CodingKey", "String", "Int", "Double", "Bool", "Equatable", "decoder",
        "encoder", "container", "decode", "encode", "decodeNil", "decodeNullable", "decodeIfPresent",
        "encodeIfPresent", "encodeNil", "forKey", "keyedBy", "CodingKeys", "typealias", "Self",
        "singleValueContainer", "Decoder", "Encoder", "contains", "Optional",
    ]

    /// The forms of `source`, a generated file.
    static func of(_ source: String) -> Set<String> {
        var forms = Set<String>()
        var inLiteral = false
        for rawLine in source.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            // A multi-line literal is the operation's or fragment's text: GraphQL, not Swift.
            if inLiteral {
                if line == "\"\"\"" { inLiteral = false }
                continue
            }
            if line.hasSuffix("= \"\"\"") {
                inLiteral = true
                forms.insert("= \"\"\"")
                continue
            }
            if line.isEmpty || line.hasPrefix("//") { continue }
            var form = blanked(line)
            // An extension of a nested struct names it by its path, whose length is the depth in the
            // answer, not a construct.
            if form.hasPrefix("extension _."), form.hasSuffix(" {") { form = "extension _._ {" }
            // So does a shared struct's alias, by the path of the first struct of its shape.
            if let range = form.range(of: "typealias _ = _.") { form = form[..<range.upperBound] + "_" }
            if form.hasPrefix("init("), form.hasSuffix(") {") { form = String(form.dropFirst(5).dropLast(3)) }
            for part in parameters(form) { forms.insert(part) }
        }
        return forms
    }

    /// `line` with string literals as `""`, numbers as `0` and every other name as `_`.
    private static func blanked(_ line: String) -> String {
        var out = ""
        var word = ""
        var inString = false
        var escaped = false
        func flush() {
            guard !word.isEmpty else { return }
            if word.first!.isNumber {
                out += "0"
            } else {
                out += kept.contains(word) ? word : "_"
            }
            word = ""
        }
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    out += "\""
                }
                continue
            }
            if character == "\"" {
                flush()
                inString = true
                out += "\""
            } else if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    /// `form` split at the commas outside brackets and angle brackets: an argument list's items one by one.
    private static func parameters(_ form: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in form {
            switch character {
            case "[", "<": depth += 1
            case "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            previous = character
            if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts.filter { !$0.isEmpty }
    }
}

extension CodeForms {
    /// The value of the multi-line string literal `static let text = """ ... """` in `source`, a
    /// generated operation's file: its lines unindented, escapes and line continuations undone.
    static func operationText(in source: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let opening = lines.firstIndex(where: { $0.hasSuffix("static let text = \"\"\"") }) else { return nil }
        let indentation = lines[opening].prefix { $0 == " " }.count + 2
        var text = ""
        for line in lines[(opening + 1)...] {
            let body = line.dropFirst(indentation)
            if line.trimmingCharacters(in: .whitespaces) == "\"\"\"" { return String(text.dropLast()) }
            var escaped = false
            var scalars = body.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard escaped else {
                    if scalar == "\\" { escaped = true } else { text.unicodeScalars.append(scalar) }
                    continue
                }
                escaped = false
                switch scalar {
                case "r": text += "\r"
                case "t": text += "\t"
                case "u":
                    var hex = ""
                    while let next = scalars.next(), next != "}" {
                        if next != "{" { hex.unicodeScalars.append(next) }
                    }
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        text.unicodeScalars.append(decoded)
                    }
                default: text.unicodeScalars.append(scalar)
                }
            }
            // A backslash that ends a line continues it without a line break.
            if !escaped { text += "\n" }
        }
        return nil
    }
}
