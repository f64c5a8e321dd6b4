import Testing

@testable import GraphQLCore

/// Compares the parser and printer with graphql-core 3.3.2 on every document of the corpus.
@Suite("Parser and printer against graphql-core")
struct ReferenceTests {
    /// graphql-core stops at 200 levels of nesting; the comparison runs with the same limit so that
    /// deep documents fail at the same token.
    static let referenceOptions = ParseOptions(maxDepth: 200)

    /// Documents where this parser deliberately differs, with the error it gives instead
    /// (docs/decisions/0050-parser-reference-differences.md).
    static let deliberateDifferences: [String: (message: String, location: GraphQLCore.SourceLocation)] = [
        "invalid-directives-on-directive-definition.graphql": (
            "Syntax Error: Expected 'on', found '@'.", GraphQLCore.SourceLocation(line: 1, column: 14)
        ),
        "invalid-extend-directive.graphql": (
            "Syntax Error: Unexpected Name 'directive'.", GraphQLCore.SourceLocation(line: 1, column: 8)
        ),
    ]

    @Test("the fixture covers exactly the corpus files")
    func fixtureMatchesCorpus() {
        #expect(Corpus.names.count > 200)
        #expect(Set(Corpus.references.keys) == Set(Corpus.names))
    }

    @Test("each corpus document parses, prints, prints compact and fails as graphql-core does", arguments: Corpus.names)
    func matchesReference(name: String) throws {
        let reference = try #require(Corpus.references[name], "no reference for \(name): rerun parse_print.py")
        let text = try Corpus.text(of: name)
        let result = Result { () throws(GraphQLCoreError) in
            try Document(parsing: text, options: Self.referenceOptions)
        }
        if let difference = Self.deliberateDifferences[name] {
            #expect(reference.parses)
            guard case .failure(let error) = result else {
                Issue.record("\(name) parses, but this parser deliberately rejects it")
                return
            }
            #expect(error.message == difference.message)
            #expect(error.locations == [difference.location])
            return
        }
        switch result {
        case .success(let document):
            #expect(reference.parses, "graphql-core rejects \(name): \(reference.message ?? "")")
            let printed = Printer.print(document)
            #expect(printed == reference.printed)
            let reparsed = try Document(parsing: printed, options: Self.referenceOptions)
            #expect(reparsed == document)
            #expect(Printer.print(reparsed) == printed)
            let compact = Printer.printCompact(document)
            #expect(compact == reference.compact)
            #expect(try Document(parsing: compact, options: Self.referenceOptions) == document)
        case .failure(let error):
            #expect(!reference.parses, "graphql-core parses \(name), this parser says \(error)")
            #expect(error.message == reference.message)
            let expected = reference.line.flatMap { line in
                reference.column.map { GraphQLCore.SourceLocation(line: line, column: $0) }
            }
            #expect(error.locations == expected.map { [$0] })
            let isNesting = reference.message?.contains("nested too deeply") ?? false
            #expect(error.code == (isNesting ? .nestingTooDeep : .syntax))
        }
    }
}
