import Foundation
import Testing

@testable import GraphQLCore

/// Coerces the cases of `Fixtures/variables.json`, written by `scripts/reference/coerce_variables.py`
/// from graphql-core's `get_variable_values`, and compares the coerced values or the first error's
/// message with graphql-core's.
@Suite("Compilation-VariablesReference")
struct VariablesReferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        var variables: JSONObject
        var coerced: JSONObject?
        var firstError: String?
        /// graphql-core's locations of the first error, `[line, column]` pairs (none for some errors).
        var firstErrorLocations: [[Int]] = []
        var testDescription: String { name }
    }

    static let fixture: (schema: String, cases: [Case]) = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/variables.json")
        guard let data = try? Data(contentsOf: url), let root = try? JSONValue(parsing: data),
            case .string(let schema)? = root["schema"], case .array(let cases)? = root["cases"]
        else { return ("", []) }
        return (
            schema,
            cases.map { entry in
                var firstError: String?
                if case .array(let errors)? = entry["errors"], case .string(let message)? = errors.first {
                    firstError = message
                }
                var firstErrorLocations: [[Int]] = []
                if case .array(let all)? = entry["errorLocations"], case .array(let locations)? = all.first {
                    firstErrorLocations = locations.map { location in
                        (location.arrayValue ?? []).compactMap { if case .int(let number) = $0 { number } else { nil } }
                    }
                }
                return Case(
                    name: entry["name"]?.stringValue ?? "?", document: entry["document"]?.stringValue ?? "",
                    variables: entry["variables"]?.objectValue ?? [:], coerced: entry["coerced"]?.objectValue,
                    firstError: firstError, firstErrorLocations: firstErrorLocations)
            }
        )
    }()

    @Test("the fixture was read and has cases")
    func fixturePresent() {
        #expect(Self.fixture.cases.count >= 60)
    }

    @Test("coercion agrees with graphql-core", arguments: fixture.cases)
    func agreesWithGraphQLCore(_ testCase: Case) throws {
        let schema = try Schema(document: Document(parsing: Self.fixture.schema))
        // Validation is not the subject here (several cases declare variables they do not use).
        let document = try CompiledDocument(
            document: Document(parsing: testCase.document), compilationSchema: schema, options: CompilationOptions())
        switch Result(catching: { () throws(GraphQLCoreError) in try document.operation(variables: testCase.variables) }
        ) {
        case .success(let operation):
            #expect(testCase.firstError == nil, "graphql-core rejected it: \(testCase.firstError ?? "")")
            let expected = try #require(testCase.coerced)
            #expect(Self.canonical(.object(operation.variables)) == Self.canonical(.object(expected)))
        case .failure(let error):
            #expect(error.code == .invalidVariable)
            #expect(error.message == testCase.firstError.map(Self.withoutValue))
            #expect(error.locations.map { [$0.line, $0.column] } == testCase.firstErrorLocations)
        }
    }

    /// graphql-core's message less the value it quotes, which ours leave out (decision record 0181):
    /// `: 3` after a scalar's reason, `, found: {...}` after an input object's, the name of an enum
    /// value that does not exist. The rest, the variable, the path and the type, is word for word.
    static func withoutValue(_ message: String) -> String {
        let rules: [(pattern: String, template: String)] = [
            (#"^(.* cannot represent [^:]*): .*?( \(value (?:would lose precision|is too large)\))?(\.?)$"#, "$1$2$3"),
            (#", found: .*\.$"#, "."),
            (#"Value '.*' does not exist in '"#, "Value does not exist in '"),
        ]
        var result = message
        for rule in rules {
            result = result.replacingOccurrences(of: rule.pattern, with: rule.template, options: .regularExpression)
        }
        return result
    }

    /// JSON with sorted keys and integral doubles printed as integers: graphql-core's `3.0` for a
    /// Float is our `.double(3)`, and either may come back from the JSON reader as `3`.
    static func canonical(_ value: JSONValue) -> String {
        var out = ""
        StorageKey.appendCanonical(value, to: &out)
        return out
    }
}
