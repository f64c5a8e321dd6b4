import Testing

@testable import GraphQLCore

@Suite("Parser")
struct ParserTests {
    @Test("a query with an alias, arguments, a variable and a fragment spread parses into its definitions")
    func parsesQuery() throws {
        let document = try Document(
            parsing: """
                query Hero($episode: Episode = JEDI) {
                  hero(episode: $episode) { heroName: name ...Friends }
                }
                fragment Friends on Character { friends { name } }
                """)
        #expect(document.definitions.count == 2)
        let operation = try #require(document.operations.first)
        #expect(operation.name == "Hero")
        #expect(operation.variableDefinitions.first?.defaultValue == .enumValue("JEDI"))
        #expect(operation.location.start == GraphQLCore.SourceLocation(line: 1, column: 1))
        guard case .field(let hero) = operation.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(hero.arguments == [Argument(name: "episode", value: .variable("episode"))])
        #expect(hero.location.start == GraphQLCore.SourceLocation(line: 2, column: 3))
        #expect(
            hero.selectionSet?.selections == [
                .field(Field(alias: "heroName", name: "name")), .fragmentSpread(FragmentSpread(name: "Friends")),
            ])
    }
}
