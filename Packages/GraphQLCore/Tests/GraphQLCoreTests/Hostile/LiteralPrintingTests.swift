import Testing

@testable import GraphQLCore

/// Validation prints a literal only to write an error message about it, and a block string prints in
/// one pass however long it is.
@Suite("Literal printing")
struct LiteralPrintingTests {
    static let schema = Result { () throws(GraphQLCoreError) -> Schema in
        try Schema(
            document: Document(
                parsing: """
                    enum Color { RED GREEN }
                    type Query { a(s: String, i: Int, f: Float, b: Boolean, id: ID, c: Color, l: [String]): Int }
                    """))
    }

    /// The number of literals ``ValuesOfCorrectTypeRule`` printed while validating `text`, and its errors.
    static func printed(_ text: String) throws -> (prints: Int, errors: [String]) {
        let document = try Document(parsing: text)
        let context = ValidationContext(schema: try schema.get(), document: document)
        let rule = ValuesOfCorrectTypeRule()
        var walker = DocumentWalker(context: context, rules: [rule])
        walker.walk()
        return (rule.printedLiterals, context.errors.map(\.message))
    }

    @Test("valid scalar and enum literals are not printed during validation")
    func validLiteralsAreNotPrinted() throws {
        var fields = ""
        for index in 0..<200 {
            fields += """
                f\(index): a(s: "\(String(repeating: "x", count: 1_000))", i: \(index), f: 1.5, b: true, \
                id: "\(index)", c: RED, l: ["p", "q"])

                """
        }
        let outcome = try Self.printed("{ \(fields) }")
        #expect(outcome.errors == [])
        #expect(outcome.prints == 0)
    }

    @Test("an invalid literal is printed once, for its message")
    func invalidLiteralIsPrintedForItsMessage() throws {
        let outcome = try Self.printed("{ a(s: 1, i: 2, c: BLUE) }")
        #expect(
            outcome.errors == [
                "String cannot represent a non string value: 1",
                "Value 'BLUE' does not exist in 'Color' enum.",
            ])
        #expect(outcome.prints == 2)
    }

    @Test("a block string of a megabyte with quotes, triple quotes and line breaks prints and reads back")
    func longBlockString() throws {
        var value = ""
        let piece = "line \"quoted\" and \"\"\" three, é\u{301}\n  indented \"\"\"\" four\n"
        while value.utf8.count < 1_000_000 { value += piece }
        value += "end"
        let printed = BlockString.printed(value)
        #expect(printed.hasPrefix("\"\"\"\nline \"quoted\" and \\\"\"\" three"))
        let document = try Document(parsing: "{ a(s: \(printed)) }")
        guard case .field(let field)? = document.operations.first?.selectionSet.selections.first,
            case .string(let literal)? = field.arguments.first?.value
        else {
            Issue.record("no string argument")
            return
        }
        #expect(literal.value == value)
    }

    @Test("triple quotes are escaped however many quotes run together")
    func quoteRuns() {
        #expect(BlockString.escapingTripleQuotes("a\"\"b") == "a\"\"b")
        #expect(BlockString.escapingTripleQuotes("\"\"\"") == "\\\"\"\"")
        #expect(BlockString.escapingTripleQuotes("\"\"\"\"") == "\\\"\"\"\"")
        #expect(BlockString.escapingTripleQuotes("x\"\"\"\"\"\"\"y") == "x\\\"\"\"\\\"\"\"\"y")
        #expect(BlockString.escapingTripleQuotes("\"\u{301}\"\"") == "\"\u{301}\"\"")
    }
}
