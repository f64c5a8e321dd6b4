import Testing

@testable import GraphQLCore

@Suite("@catch in documents")
struct CatchDirectiveTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { user: User }
                    type User { id: ID! name: String tags: [String] friend: User }
                    """)
        } catch {
            preconditionFailure("the test schema is valid: \(error)")
        }
    }()

    static func errors(_ text: String) throws -> [GraphQLCoreError] {
        validate(try Document(parsing: text), against: schema)
    }

    @Test(
        "@catch without an argument, to RESULT and to NULL are valid on a field, an operation and a fragment definition",
        arguments: [
            "query Q { user { name @catch } }",
            "query Q { user { name @catch(to: RESULT) tags @catch(to: NULL) } }",
            "query Q @catch(to: NULL) { user { name } }",
            "query Q @catch { __typename }",
            "query Q { user { ...F } } fragment F on User @catch(to: RESULT) { name }",
        ])
    func valid(text: String) throws {
        #expect(try Self.errors(text).isEmpty)
    }

    @Test(
        "a misused @catch is a located validation error naming the rule",
        arguments: [
            ("query Q { user { name @catch(to: THROW) } }", "CatchDirectiveRule", "must be RESULT or NULL"),
            ("query Q($to: CatchTo) { user { name @catch(to: $to) } }", "CatchDirectiveRule", "got $to"),
            ("query Q { user { name @catch(to: \"NULL\") } }", "CatchDirectiveRule", "got \"NULL\""),
            ("query Q { user { name @catch(as: NULL) } }", "KnownArgumentNamesRule", "Unknown argument 'as'"),
            (
                "query Q { user { ... on User @catch { name } } }", "KnownDirectivesRule",
                "may not be used on inline fragment"
            ),
            ("query Q { user { ...F @catch } } fragment F on User { name }", "KnownDirectivesRule", "fragment spread"),
            (
                "query Q { user { name @catch @catch(to: NULL) } }", "UniqueDirectivesPerLocationRule",
                "only be used once"
            ),
        ])
    func invalid(text: String, rule: String, message: String) throws {
        let errors = try Self.errors(text).filter { $0.rule == rule }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains(message) == true, "\(errors.map(\.message))")
        #expect(errors.first?.locations.isEmpty == false)
    }

    @Test("the target is read from the directives: RESULT without an argument, none without @catch")
    func target() throws {
        let document = try Document(
            parsing: "query Q @catch(to: NULL) { user { name @catch tags @catch(to: NULL) id } }")
        let operation = try #require(document.operations.first)
        #expect(CatchTarget.of(operation.directives) == .null)
        let fields = try #require(operation.selectionSet.selections.first?.field?.selectionSet?.selections)
        #expect(fields.map { CatchTarget.of($0.field?.directives ?? []) } == [.result, .null, nil])
    }

    @Test("@catch is the client's: the text sent to the server has none")
    func notSent() throws {
        let document = try CompiledDocument(
            text: "query Q @catch(to: NULL) { user { name @catch tags } }", schema: Self.schema)
        let text = try document.operation(named: "Q").text
        #expect(!text.contains("@catch"))
        #expect(text.contains("name"))
    }
}

private extension Selection {
    var field: Field? {
        if case .field(let field) = self { return field }
        return nil
    }
}
