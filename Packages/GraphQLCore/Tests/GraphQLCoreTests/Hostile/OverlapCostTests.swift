import Testing

@testable import GraphQLCore

/// `OverlappingFieldsCanBeMergedRule` compares only what may conflict: fields that share a response
/// key and are not copies of one leaf. Its comparisons are counted, so these tests bound the work
/// itself rather than time it.
@Suite("Overlapping fields cost")
struct OverlapCostTests {
    static let schema = Result { () throws(GraphQLCoreError) -> Schema in
        try Schema(
            sdl: """
                type Query { dog: Dog version: Int }
                type Dog { id: ID name(surname: Boolean): String barkVolume: Int owner: Human }
                type Human { name: String }
                """)
    }

    /// The rule's comparisons while validating `text`, and its errors' messages.
    static func cost(_ text: String) throws -> (comparisons: Int, errors: [String]) {
        let document = try Document(parsing: text, options: ParseOptions(maxTokens: nil))
        let context = ValidationContext(schema: try schema.get(), document: document)
        let rule = OverlappingFieldsCanBeMergedRule()
        var walker = DocumentWalker(context: context, rules: [rule])
        walker.walk()
        return (rule.comparisons, context.errors.map(\.message))
    }

    /// `dog { ...F0 ... }` with `fragment Fi on Dog { id name partI: barkVolume }`, and `replacement`
    /// for the selections of the fragments it names.
    static func sideBySide(_ count: Int, replacing replacement: [Int: String] = [:]) -> String {
        var text = "{ dog {" + (0..<count).map { " ...F\($0)" }.joined() + " } }\n"
        for index in 0..<count {
            text += "fragment F\(index) on Dog { \(replacement[index] ?? "id name part\(index): barkVolume") }\n"
        }
        return text
    }

    @Test("1,000 fragments side by side with distinct response names and shared leaves compare nothing")
    func sideBySideDistinctNames() throws {
        let outcome = try Self.cost(Self.sideBySide(1_000))
        #expect(outcome.errors == [])
        // graphql-core's algorithm compares each of the 499,500 pairs of fragments.
        #expect(outcome.comparisons == 0)
    }

    @Test("a conflict between two of 1,000 fragments side by side is found by comparing those two alone")
    func sideBySideConflict() throws {
        let outcome = try Self.cost(
            Self.sideBySide(1_000, replacing: [7: "id clash: name", 500: "id clash: barkVolume"]))
        #expect(
            outcome.errors == [
                "Fields 'clash' conflict because 'name' and 'barkVolume' are different fields."
                    + " Use different aliases on the fields to fetch both if this was intentional."
            ])
        // The two fragments' field sets, then their `clash` fields and their `id` fields.
        #expect(outcome.comparisons == 3)
    }

    @Test("a chain of 1,000 fragments repeating one leaf compares nothing")
    func chainOfOneLeaf() throws {
        var text = "query Q { ...F0 }\n"
        for index in 0..<1_000 {
            text += "fragment F\(index) on Query { version\(index < 999 ? " ...F\(index + 1)" : "") }\n"
        }
        let outcome = try Self.cost(text)
        #expect(outcome.errors == [])
        #expect(outcome.comparisons == 0)
    }

    @Test("a cycle of 1,000 fragments repeating one leaf compares nothing, as the chain does")
    func cycleOfOneLeaf() throws {
        var text = "query Q { ...F0 }\n"
        for index in 0..<1_000 {
            text += "fragment F\(index) on Query { version ...F\((index + 1) % 1_000) }\n"
        }
        let outcome = try Self.cost(text)
        #expect(outcome.errors == [])
        #expect(outcome.comparisons == 0)
    }

    @Test("a conflict inside a cycle of fragments is still found")
    func conflictInCycle() throws {
        let text = """
            { dog { ...A } }
            fragment A on Dog { name ...B }
            fragment B on Dog { name: barkVolume ...C }
            fragment C on Dog { id ...A }
            """
        let outcome = try Self.cost(text)
        #expect(outcome.errors.contains { $0.hasPrefix("Fields 'name' conflict because 'name' and 'barkVolume'") })
    }

    @Test("2,000 copies of one field in a selection set compare nothing")
    func repeatedField() throws {
        let outcome = try Self.cost("{ dog {" + String(repeating: " name(surname: true)", count: 2_000) + " } }")
        #expect(outcome.errors == [])
        #expect(outcome.comparisons == 0)
    }

    @Test("fields that share a key and differ are still compared pair by pair, as graphql-core does")
    func differingFieldsAreCompared() throws {
        let outcome = try Self.cost("{ dog { name name(surname: true) name } }")
        #expect(outcome.errors.count == 2)
        #expect(outcome.comparisons == 3)
    }
}
