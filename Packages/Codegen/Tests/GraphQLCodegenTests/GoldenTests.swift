import Foundation
import GraphQLCodegen
import GraphQLCore
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

    @Test("the code generated for the store's 300 reference operations is the checked-in code, byte for byte")
    func storeCorpus() throws {
        let files = try StoreCorpus.generated.get()
        #expect(files.count == 302)
        let sample = files.filter(StoreCorpus.isSample)
        #expect(sample.count == StoreCorpus.sample.count + 2)
        let problems =
            try Paths.compare(files.filter { !StoreCorpus.isSample($0) }, with: Paths.storeCorpusGenerated)
            + Paths.compare(sample + [StoreCorpus.dispatch()], with: Paths.storeSampleGenerated)
        #expect(problems.isEmpty, "\(problems.prefix(5)); regenerate with scripts/update-codegen-goldens.sh")
    }

    @Test("the compiled sample uses every form of code generated for the reference operations and golden inputs")
    func sampleCoversCorpus() throws {
        let files = try StoreCorpus.generated.get()
        let golden = try Paths.goldenInput()
        let masked = try Paths.goldenInput(Paths.maskedInputs)
        let compiledElsewhere =
            try CodeGenerator.generate(
                schema: golden.schema, documents: golden.documents, configuration: golden.configuration)
            + CodeGenerator.generate(
                schema: masked.schema, documents: masked.documents, configuration: masked.configuration)
        let compiled = (files.filter(StoreCorpus.isSample) + compiledElsewhere).reduce(into: Set<String>()) {
            $0.formUnion(CodeForms.of($1.contents))
        }
        let all = files.reduce(into: compiled) { $0.formUnion(CodeForms.of($1.contents)) }
        let missing = all.subtracting(compiled)
        #expect(missing.isEmpty, "forms no sample case uses: \(missing.sorted().prefix(10))")
        // The sample is small: the point is not compiling the whole corpus.
        #expect(StoreCorpus.sample.count * 10 <= files.count)
    }

    @Test("every reference operation's generated text is the text the compiler sends for it")
    func storeCorpusTexts() throws {
        let fixture = try JSONValue(parsing: Data(contentsOf: Paths.storeRoundTrip))
        let schema = try Schema(sdl: try #require(fixture.objectValue?["schema"]?.stringValue))
        let cases = try #require(fixture.objectValue?["cases"]?.arrayValue)
        let files = try StoreCorpus.generated.get()
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
        #expect(cases.count == 300)
        for entry in cases {
            let name = try #require(entry.objectValue?["name"]?.stringValue)
            let text = try #require(entry.objectValue?["operation"]?.stringValue)
            let variables = try #require(entry.objectValue?["variables"]?.objectValue)
            let operation = try CompiledDocument(text: text, schema: schema).operation(
                named: name, variables: variables)
            let generated = try #require(byName[name + ".graphql.swift"])
            #expect(CodeForms.operationText(in: generated) == operation.text, "\(name)")
        }
    }
}

extension CodegenSource {
    fileprivate var baseName: String {
        String(path.split(separator: "/").last!.dropLast(".graphql".count)) + ".graphql"
    }
}
