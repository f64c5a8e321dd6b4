import Testing

@testable import GraphQLCore

@Suite("Schema validation")
struct SchemaValidationTests {
    /// The error that building `sdl` throws; fails the test when it builds.
    private func error(_ sdl: String) throws -> GraphQLCoreError {
        do {
            _ = try Schema(sdl: sdl)
        } catch {
            return error
        }
        Issue.record("expected \(sdl) to be rejected")
        return GraphQLCoreError(.syntax, "")
    }

    @Test(
        "invalid schemas are rejected with a typed error naming the problem",
        arguments: [
            ("type Query { a: Missing }", "Unknown type 'Missing'."),
            ("type Query { a(x: Nope): Int }", "Unknown type 'Nope'."),
            ("type Query { a: Int } type Query { b: Int }", "There can be only one type named 'Query'."),
            ("type Query { a: Int } enum Int { A }", "There can be only one type named 'Int'."),
            ("type Query { a: Int a: String }", "Field 'Query.a' can only be defined once."),
            ("type Query { a: Int } extend type Query { a: Int }", "Field 'Query.a' can only be defined once."),
            (
                "type Query { a: I } interface I { x: Int y: Int } type T implements I { x: Int }",
                "Interface field I.y expected but T does not provide it."
            ),
            (
                "type Query { a: I } interface I { x: Int } type T implements I { x: String }",
                "Interface field I.x expects type Int but T.x is type String."
            ),
            (
                "type Query { a: I } interface I { x(a: Int): Int } type T implements I { x: Int }",
                "Interface field argument I.x(a:) expected but T.x does not provide it."
            ),
            (
                "type Query { a: J } interface I { x: Int } interface J implements I { x: Int } type T implements J { x: Int }",
                "Type T must implement I because it is implemented by J."
            ),
            (
                "type Query { a: U } union U = Query | Int",
                "Union type U can only include Object types, it cannot include Int."
            ),
            ("type Query { a: In } input In { x: Int }", "The type of Query.a must be Output Type but got: In."),
            ("type Query { a(x: Query): Int }", "The type of Query.a(x:) must be Input Type but got: Query."),
            ("type Query { a: Int } input In { x: [Query] }", "The type of In.x must be Input Type but got: [Query]."),
            (
                "type Query { a: Int } extend type Nope { b: Int }",
                "Cannot extend type 'Nope' because it is not defined."
            ),
            ("type Query { a: Int } enum E { A } extend type E { b: Int }", "Cannot extend non-object type 'E'."),
            ("type Query { a: Int } { a }", "The schema document must only contain type-system definitions."),
            ("type Other { a: Int }", "Query root type must be provided."),
            ("schema { query: In } input In { x: Int }", "Query root type must be Object type, it cannot be In."),
            (
                "type Query { a: Int } type T implements Query { a: Int }",
                "Type T must only implement Interface types, it cannot implement Query."
            ),
            ("type Query { a: Int } input O @oneOf { a: Int! }", "OneOf input field O.a must be nullable."),
            (
                "type Query { a: Int } input A { b: B! } input B { a: A! }",
                "Input Object A cannot be provided a finite value because it references itself through fields: A.b, B.a."
            ),
            (
                "type Query { a: Int } input A { a: A! }",
                "Input Object A cannot be provided a finite value because it references itself through fields: A.a."
            ),
            (
                "type Query { a: Int } input A @oneOf { a: A } ",
                "Input Object A cannot be provided a finite value because it references itself through fields: A.a."
            ),
        ])
    func rejects(sdl: String, message: String) throws {
        let error = try error(sdl)
        #expect(error.code == .invalidSchema)
        #expect(error.message == message)
    }

    @Test("the error locates the definition at fault")
    func locatesTheDefinition() throws {
        let error = try error("type Query { a: Int }\n\nextend type Missing { b: Int }")
        #expect(error.locations == [SourceLocation(line: 3, column: 1)])
    }

    @Test("SDL syntax errors surface as syntax errors")
    func syntax() throws {
        #expect(try error("type Query {").code == .syntax)
    }

    @Test("input objects that refer to themselves through a nullable, list or @oneOf field are allowed")
    func breakableInputCycles() throws {
        _ = try Schema(
            sdl: """
                type Query { a(x: A, y: C): Int }
                input A { self: A, list: [A!]!, b: B! }
                input B { a: A }
                input C @oneOf { c: C, leaf: Int }
                """)
    }

    @Test("redeclaring a standard scalar is allowed and changes nothing")
    func redeclaredScalar() throws {
        let schema = try Schema(sdl: "scalar String type Query { a: String }")
        #expect(schema.type(named: "String")?.kind == .scalar)
    }
}
