import Foundation
import GraphQLCodegen
import Testing

@Suite("golden files")
struct GoldenTests {
    @Test("the code generated for the golden inputs is the checked-in code, byte for byte")
    func golden() throws {
        let input = try Paths.goldenInput()
        let files = try CodeGenerator.generate(
            schema: input.schema, documents: input.documents, configuration: input.configuration)
        #expect(files.map(\.name) == input.documents.map { $0.baseName + ".swift" } + ["GraphQLSchema.graphql.swift"])
        let problems = try Paths.compare(files, with: Paths.goldenGenerated)
        #expect(problems.isEmpty, "\(problems); regenerate with GRAPHQL_CODEGEN_UPDATE=1 swift test")
    }

    @Test("the code generated for the golden inputs with data masking on is the checked-in code, byte for byte")
    func maskedGolden() throws {
        let input = try Paths.goldenInput(Paths.maskedInputs)
        #expect(input.configuration.dataMasking)
        let files = try CodeGenerator.generate(
            schema: input.schema, documents: input.documents, configuration: input.configuration)
        #expect(files.map(\.name) == input.documents.map { $0.baseName + ".swift" } + ["MaskedSchema.graphql.swift"])
        let problems = try Paths.compare(files, with: Paths.maskedGenerated)
        #expect(problems.isEmpty, "\(problems); regenerate with GRAPHQL_CODEGEN_UPDATE=1 swift test")
    }

    @Test("generating twice gives the same bytes, whatever the order the documents are given in")
    func deterministic() throws {
        let input = try Paths.goldenInput()
        let first = try CodeGenerator.generate(
            schema: input.schema, documents: input.documents, configuration: input.configuration)
        let second = try CodeGenerator.generate(
            schema: input.schema, documents: input.documents, configuration: input.configuration)
        #expect(first == second)
        let reversed = try CodeGenerator.generate(
            schema: input.schema, documents: input.documents.reversed(), configuration: input.configuration)
        #expect(Set(reversed) == Set(first))
    }

    @Test("the code generated for the store's 300 reference operations is the round-trip target's code")
    func storeCorpus() throws {
        let corpus = try StoreCorpus.load()
        #expect(corpus.documents.count == 301)
        let files = try CodeGenerator.generate(
            schema: corpus.schema, documents: corpus.documents, configuration: StoreCorpus.configuration)
        let problems = try Paths.compare(
            files + [StoreCorpus.dispatch(corpus.documents)], with: Paths.roundTripGenerated)
        #expect(problems.isEmpty, "\(problems.prefix(5)); regenerate with GRAPHQL_CODEGEN_UPDATE=1 swift test")
    }
}

extension CodegenSource {
    fileprivate var baseName: String {
        String(path.split(separator: "/").last!.dropLast(".graphql".count)) + ".graphql"
    }
}
