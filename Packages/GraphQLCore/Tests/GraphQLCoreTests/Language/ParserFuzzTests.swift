import Testing

@testable import GraphQLCore

/// Feeds mutated and truncated versions of the corpus to the parser: every input must give a
/// document or a typed error, and every document must survive printing and parsing again.
@Suite("Parser fuzzing")
struct ParserFuzzTests {
    /// Characters the mutations insert: punctuators, the starts of every token kind, line
    /// terminators, escapes and characters that are only legal inside strings.
    static let alphabet: [Unicode.Scalar] = Array(
        "{}()[]:$@!=|&....\"\"\"\\u{}#,\n\r\t -+.eE0123456789abcxyz_onfragmentquerytype'é😀\u{FEFF}\u{0}\u{7}\u{2028}"
            .unicodeScalars)

    static let snippets: [String] = [
        "{", "}", "...", "\"\"\"", "\"", "\\u{", "\\uD83D", "\\uDE00", "query ", "fragment F on T ", "extend type ",
        "@d(a: 1)", "$v", "[", "]", "(a: ", ")", "# c\n", "\r\n", "1e", "-0.5", "on ", "implements ", "= | ",
        "directive @x on ", "schema ", "\"desc\" ", "{a: ", "\\\"\"\"",
    ]

    @Test("thousands of mutated corpus documents each parse or fail with a typed error, and round-trip")
    func mutatedDocuments() throws {
        var generator = SeededGenerator(seed: 0x6772_6170_686C)
        let seeds = try Corpus.names.map(Corpus.text(of:))
        let validSeeds = try Corpus.validTexts()
        try #require(seeds.count > 200 && validSeeds.count > 50)
        var parsed = 0
        var failed = 0
        for round in 0..<4_000 {
            // Three rounds in four start from a valid document, so that mutations reach deep into the grammar.
            let seed = round % 4 == 0 ? seeds[round / 4 % seeds.count] : validSeeds[round % validSeeds.count]
            var scalars = Array(seed.unicodeScalars)
            let mutations = Int.random(in: 1...4, using: &generator)
            for _ in 0..<mutations { mutate(&scalars, using: &generator) }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            switch check(String(text)) {
            case .parsed: parsed += 1
            case .failed: failed += 1
            case .problem(let description):
                Issue.record("round \(round): \(description)\n--- input ---\n\(String(text))")
                return
            }
        }
        // Both outcomes must be common, or the mutations are not exercising the parser.
        #expect(parsed > 400)
        #expect(failed > 1_000)
    }

    @Test("every prefix of the kitchen-sink documents parses or fails with a typed error")
    func truncatedDocuments() throws {
        for name in ["valid-kitchen-sink-executable.graphql", "valid-kitchen-sink-sdl.graphql"] {
            let scalars = Array(try Corpus.text(of: name).unicodeScalars)
            for length in 0...scalars.count {
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[..<length])
                if case .problem(let description) = check(String(text)) {
                    Issue.record("\(name) cut at \(length): \(description)")
                    return
                }
            }
        }
    }

    @Test("documents nested far beyond the limit fail with nestingTooDeep instead of overflowing the stack")
    func hostileNesting() {
        let depth = 100_000
        let inputs = [
            String(repeating: "{a", count: depth),
            "{a(v: " + String(repeating: "[", count: depth),
            "{a(v: " + String(repeating: "{a:", count: depth),
            "query($v: " + String(repeating: "[", count: depth),
        ]
        for input in inputs {
            #expect(throws: GraphQLCoreError.self) { try Document(parsing: input) }
            do {
                _ = try Document(parsing: input)
            } catch {
                #expect(error.code == .nestingTooDeep)
            }
        }
    }

    enum Outcome {
        case parsed
        case failed
        case problem(String)
    }

    private func check(_ text: String) -> Outcome {
        let document: Document
        do {
            document = try Document(parsing: text)
        } catch {
            guard error.code == .syntax || error.code == .nestingTooDeep else {
                return .problem("unexpected error code \(error.code)")
            }
            guard error.locations.count == 1, let location = error.locations.first, location.line >= 1,
                location.column >= 1, error.message.hasPrefix("Syntax Error: ")
            else { return .problem("malformed error \(error)") }
            return .failed
        }
        let printed = Printer.print(document)
        let reparsed: Document
        do {
            reparsed = try Document(parsing: printed)
        } catch {
            return .problem("printed form does not parse: \(error)\n--- printed ---\n\(printed)")
        }
        guard reparsed == document else { return .problem("round trip changed the document:\n\(printed)") }
        guard Printer.print(reparsed) == printed else { return .problem("printing is not stable:\n\(printed)") }
        return .parsed
    }

    private func mutate(_ scalars: inout [Unicode.Scalar], using generator: inout SeededGenerator) {
        let count = scalars.count
        let position = count == 0 ? 0 : Int.random(in: 0..<count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0 where count > 0:
            let end = min(count, position + Int.random(in: 1...8, using: &generator))
            scalars.removeSubrange(position..<end)
        case 1:
            scalars.insert(Self.alphabet.randomElement(using: &generator) ?? "{", at: position)
        case 2 where count > 0:
            scalars[position] = Self.alphabet.randomElement(using: &generator) ?? "}"
        case 3:
            let snippet = Self.snippets.randomElement(using: &generator) ?? "{"
            scalars.insert(contentsOf: snippet.unicodeScalars, at: position)
        case 4 where count > 0:
            let end = min(count, position + Int.random(in: 1...40, using: &generator))
            scalars.insert(contentsOf: scalars[position..<end], at: Int.random(in: 0...count, using: &generator))
        case 5 where count > 0:
            scalars.removeSubrange(position...)
        default:
            if count > 1 {
                let other = Int.random(in: 0..<count, using: &generator)
                scalars.swapAt(position, other)
            }
        }
    }
}
