import Testing

@testable import GraphQLCore

@Suite("Validation")
struct ValidationTests {
    private func errors(_ text: String, schema: Schema? = nil) throws -> [GraphQLCoreError] {
        try validate(Document(parsing: text), against: schema ?? SchemaFixture.schema())
    }

    @Test("a valid document has no errors")
    func validDocument() throws {
        #expect(try errors("query Q($id: ID) { human(id: $id) { name pets { __typename id } } }").isEmpty)
    }

    @Test("errors carry the validation code, the rule's graphql-core name, and come sorted by location")
    func errorShape() throws {
        let found = try errors(
            """
            query Q($unused: Int) {
              dog { nam }
              cat { meows @unknown }
            }
            """)
        #expect(found.map(\.code) == [.validation, .validation, .validation])
        #expect(found.map(\.rule) == ["NoUnusedVariablesRule", "FieldsOnCorrectTypeRule", "KnownDirectivesRule"])
        #expect(
            found.map(\.locations) == [
                [SourceLocation(line: 1, column: 9)], [SourceLocation(line: 2, column: 9)],
                [SourceLocation(line: 3, column: 15)],
            ])
        #expect(found[1].message == "Cannot query field 'nam' on type 'Dog'. Did you mean 'name'?")
    }

    @Test("an operation whose kind has no root type is rejected by KnownOperationTypesRule")
    func knownOperationTypes() throws {
        let schema = try Schema(sdl: "type Query { a: Int }")
        let found = try errors("mutation M { a } subscription S { a }", schema: schema)
        #expect(found.map(\.rule) == ["KnownOperationTypesRule", "KnownOperationTypesRule"])
        #expect(
            found.map(\.message) == [
                "The mutation operation is not supported by the schema.",
                "The subscription operation is not supported by the schema.",
            ])
    }

    @Test("an error about a value points at the value itself, as graphql-core's does, not at its argument")
    func valueErrorsPointAtTheValue() throws {
        let found = try errors("{ complicatedArgs { intArgField(intArg: \"x\") } }")
        #expect(found.count == 1)
        #expect(found.first?.locations == [SourceLocation(line: 1, column: 41)])
        let item = try errors("{ complicatedArgs { stringListArgField(stringListArg: [\"a\", 2]) } }")
        #expect(item.map(\.locations) == [[SourceLocation(line: 1, column: 61)]])
        let schema = try Schema(sdl: "type Query { artist(id: ID): Artist } type Artist { id: ID }")
        let artist = try errors("{ artist(id: 1.5) { id } }", schema: schema)
        #expect(artist.map(\.locations) == [[SourceLocation(line: 1, column: 14)]])
    }

    @Test("names, type references and variables are located where they are written")
    func namesAndTypesAreLocated() throws {
        let found = try errors(
            """
            query Q($a: [Nope], $a: Int) { ...Missing dog { ... on Nope { name } } }
            query Q { complicatedArgs { intArgField(intArg: $undefined) } }
            """)
        let places = found.map { "\($0.rule ?? ""):\($0.locations.map(\.description).joined(separator: ","))" }
        #expect(places.contains("KnownTypeNamesRule:1:14"))
        #expect(places.contains("KnownTypeNamesRule:1:56"))
        #expect(places.contains("UniqueVariableNamesRule:1:10,1:22"))
        #expect(places.contains("KnownFragmentNamesRule:1:35"))
        #expect(places.contains("UniqueOperationNamesRule:1:7,2:7"))
        #expect(places.contains("NoUndefinedVariablesRule:2:49,2:1"))
    }

    @Test("a list given where a scalar is expected is reported at the inner list, where graphql-core gives no location")
    func nestedListToScalar() throws {
        let found = try errors("{ complicatedArgs { stringListArgField(stringListArg: [[\"a\"]]) } }")
        #expect(found.map(\.message) == ["String cannot represent a non string value: [\"a\"]"])
        #expect(found.first?.locations == [SourceLocation(line: 1, column: 56)])
    }

    @Test("a document built in code, without locations, is validated and its errors have no locations")
    func documentWithoutLocations() throws {
        let document = Document(definitions: [
            .operation(
                OperationDefinition(
                    kind: .query,
                    selectionSet: SelectionSet(selections: [
                        .field(Field(name: "dog", selectionSet: SelectionSet(selections: [.field(Field(name: "nam"))])))
                    ])))
        ])
        let found = validate(document, against: try SchemaFixture.schema())
        #expect(found.map(\.rule) == ["FieldsOnCorrectTypeRule"])
        #expect(found.first?.locations == [])
    }

    @Test("__typename is selectable on objects, interfaces and unions; __schema only on the query root")
    func introspectionFields() throws {
        #expect(try errors("{ pet { __typename } catOrDog { __typename } __typename }").isEmpty)
        let found = try errors("{ dog { __schema { types { name } } } }")
        #expect(found.map(\.message) == ["Cannot query field '__schema' on type 'Dog'."])
    }

    @Test("@cacheExpiration is known on queries without being declared in the SDL")
    func cacheExpiration() throws {
        #expect(try errors("query Q @cacheExpiration(seconds: 30) { dog { name } }").isEmpty)
        let found = try errors("query Q @cacheExpiration(seconds: \"1\") { dog { name } }")
        #expect(found.map(\.message) == ["Int cannot represent non-integer value: \"1\""])
    }

    @Test("fragments that spread each other in a lattice validate with each fragment pair compared once")
    func fragmentLatticeIsNotExponential() throws {
        // 2^40 paths through the spreads; without the memoized pairs this would not finish.
        var text = "query Deep { dog { ...G0 ...H0 } }\n"
        for level in 0..<40 {
            let next = level + 1 < 40 ? "...G\(level + 1) ...H\(level + 1)" : "y: name"
            text += "fragment G\(level) on Dog { x: name \(next) }\n"
            text += "fragment H\(level) on Dog { x: name \(next) }\n"
        }
        #expect(try errors(text).isEmpty)
    }

    @Test("validation sees its schema from many tasks at once")
    func concurrentValidation() async throws {
        let schema = try SchemaFixture.schema()
        let document = try Document(parsing: "{ dog { nam } }")
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { validate(document, against: schema).count } }
            var counts: [Int] = []
            for await count in group { counts.append(count) }
            return counts
        }
        #expect(counts == Array(repeating: 1, count: 8))
    }
}

@Suite("Validation of deep documents")
struct DeepValidationTests {
    /// `human { relatives { relatives { ... name } } }` twice, so the overlapping-fields rule recurses
    /// through every level; 250 levels, far past the parser's default depth limit (64), which an app can
    /// raise: validation must then still finish without overflowing the stack.
    private static func deepSelections(levels: Int, leaf: String) -> String {
        String(repeating: "relatives { ", count: levels) + leaf + String(repeating: " }", count: levels)
    }

    @Test("a document nested 250 levels deep, with the parser's limit raised, validates off the main thread")
    func deepSelectionsOnATask() async throws {
        let text =
            "{ human { \(Self.deepSelections(levels: 250, leaf: "name")) } human { \(Self.deepSelections(levels: 250, leaf: "name: iq")) } }"
        let document = try Document(parsing: text, options: ParseOptions(maxDepth: 256))
        let schema = try SchemaFixture.schema()
        let errors = await Task.detached { validate(document, against: schema) }.value
        #expect(errors.map(\.rule) == ["OverlappingFieldsCanBeMergedRule"])
    }

    @Test("a deeply nested list value validates off the main thread")
    func deepValuesOnATask() async throws {
        let value = String(repeating: "[", count: 250) + "1" + String(repeating: "]", count: 250)
        let document = try Document(
            parsing: "{ complicatedArgs { stringListArgField(stringListArg: \(value)) } }",
            options: ParseOptions(maxDepth: 256))
        let schema = try SchemaFixture.schema()
        let errors = await Task.detached { validate(document, against: schema) }.value
        #expect(errors.map(\.rule) == ["ValuesOfCorrectTypeRule"])
    }
}
