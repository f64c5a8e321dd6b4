import Testing

@testable import GraphQLCore

@Suite("Validation agrees with graphql-core")
struct ReferenceAgreementTests {
    static let schema = Result { try SchemaFixture.schema() }
    static let corpus = Result { try ReferenceCorpus.load() }

    /// Deliberate message differences, by document and rule: see
    /// docs/decisions/0060-validation-reference-differences.md.
    static let knownMessageDifferences: [String: Set<String>] = [:]

    @Test("the corpus is large and every document has a reference entry")
    func corpusIsComplete() throws {
        let corpus = try Self.corpus.get()
        #expect(corpus.graphqlCore == "3.3.2")
        #expect(ReferenceCorpus.documentNames.count >= 150)
        #expect(Set(corpus.documents.keys) == Set(ReferenceCorpus.documentNames))
    }

    @Test(
        "each document gets graphql-core's errors: the same rules at the same places, in the same words",
        arguments: ReferenceCorpus.documentNames)
    func agrees(document name: String) throws {
        let schema = try Self.schema.get()
        let expected = try #require(try Self.corpus.get().documents[name])
        let document = try Document(parsing: ReferenceCorpus.text(of: name))
        let actual = validate(document, against: schema)

        for error in actual {
            #expect(error.code == .validation)
        }
        // graphql-core loses the location of a list or object literal given where a scalar or enum is
        // expected (it coerces a copy of the node); there only the rule and message are compared.
        // Every other error must be at graphql-core's places: values, names and type references too.
        let unlocated = Set(expected.filter(\.locations.isEmpty).map { "\($0.rule): \($0.message)" })
        let expectedPlaces = expected.filter { !$0.locations.isEmpty }
            .map { Place(rule: $0.rule, locations: $0.locations) }.sorted()
        let actualPlaces = actual.filter { !unlocated.contains("\($0.rule ?? ""): \($0.message)") }.map { error in
            Place(rule: error.rule ?? "", locations: error.locations.map { [$0.line, $0.column] })
        }.sorted()
        #expect(actualPlaces == expectedPlaces, "\(name)")

        let exempt = Self.knownMessageDifferences[name] ?? []
        let expectedMessages = expected.filter { !exempt.contains($0.rule) }.map { "\($0.rule): \($0.message)" }
        let actualMessages = actual.filter { !exempt.contains($0.rule ?? "") }.map { "\($0.rule ?? ""): \($0.message)" }
        #expect(actualMessages.sorted() == expectedMessages.sorted(), "\(name)")
    }

    struct Place: Comparable, CustomStringConvertible {
        var rule: String
        var locations: [[Int]]

        static func < (lhs: Place, rhs: Place) -> Bool {
            if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
            return lhs.locations.lexicographicallyPrecedes(rhs.locations) { $0.lexicographicallyPrecedes($1) }
        }

        var description: String { "\(rule)@\(locations.map { "\($0[0]):\($0[1])" }.joined(separator: ","))" }
    }
}
