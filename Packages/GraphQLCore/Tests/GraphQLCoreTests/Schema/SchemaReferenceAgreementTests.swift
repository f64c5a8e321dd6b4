import Testing

@testable import GraphQLCore

@Suite("Schema validation agrees with graphql-core")
struct SchemaReferenceAgreementTests {
    static let corpus = Result { try ReferenceCorpus.load() }

    /// Schemas graphql-core accepts and we reject on purpose: see docs/decisions/0061.
    static let rejectedOnPurpose: [String: String] = [
        "duplicate-builtin-scalar-as-enum.graphql": "There can be only one type named 'Int'.",
        "executable-definition-in-sdl.graphql": "The schema document must only contain type-system definitions.",
    ]

    @Test("every SDL document of the schema corpus has a reference entry")
    func corpusIsComplete() throws {
        let corpus = try Self.corpus.get()
        #expect(ReferenceCorpus.schemaNames.count >= 40)
        #expect(Set(corpus.schemas.keys) == Set(ReferenceCorpus.schemaNames))
    }

    @Test(
        "a schema builds exactly when graphql-core finds nothing wrong, and otherwise fails with one of its messages",
        arguments: ReferenceCorpus.schemaNames)
    func agrees(schema name: String) throws {
        let expected = try #require(try Self.corpus.get().schemas[name])
        let sdl = try ReferenceCorpus.sdl(of: name)
        let outcome = Result { () throws(GraphQLCoreError) in try Schema(sdl: sdl) }
        switch outcome {
        case .success:
            #expect(expected.isEmpty, "\(name) built, but graphql-core says \(expected)")
            #expect(Self.rejectedOnPurpose[name] == nil)
        case .failure(let error):
            #expect(error.code == .invalidSchema)
            if let ours = Self.rejectedOnPurpose[name] {
                #expect(expected.isEmpty)
                #expect(error.message == ours)
            } else {
                #expect(expected.contains(error.message), "\(name): \(error.message) is not among \(expected)")
            }
        }
    }
}
