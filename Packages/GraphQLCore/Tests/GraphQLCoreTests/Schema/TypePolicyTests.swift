import GraphQLCore
import Testing

/// `@typePolicy(keyFields:)` in a schema file, in Apollo iOS's syntax, and the check of every directive
/// an SDL applies.
@Suite("Schema-TypePolicy")
struct TypePolicyTests {
    static let books = """
        type Query { book(isbn: String!): Book books: [Book!]! node(gid: ID!): Node }
        type Book { isbn: String! title: String! edition: Edition }
        type Edition { isbn: String! number: Int! year: Int }
        interface Node { gid: ID! }
        type User implements Node { gid: ID! name: String }
        """

    @Test("@typePolicy in an extension keys a type by its fields; an interface's policy is inherited")
    func keyFieldsFromTheSchema() throws {
        let schema = try Schema(
            sdl: Self.books + """

                extend type Book @typePolicy(keyFields: "isbn")
                extend type Edition @typePolicy(keyFields: "isbn number")
                extend interface Node @typePolicy(keyFields: "gid")
                """)
        #expect(
            schema.keyFields == ["Book": ["isbn"], "Edition": ["isbn", "number"], "Node": ["gid"], "User": ["gid"]])
    }

    @Test("the compiler adds a type's key fields to every selection on it, instead of id")
    func keyFieldsAdded() throws {
        let schema = try Schema(
            sdl: Self.books + "\nextend type Book @typePolicy(keyFields: \"isbn\")\n"
                + "extend type Edition @typePolicy(keyFields: \"isbn number\")")
        let operation = try CompiledDocument(
            text: "query Detail { book(isbn: \"B7\") { title edition { year } } }", schema: schema
        ).operation()
        #expect(
            operation.text
                == sent(
                    "query Detail { book(isbn: \"B7\") { title edition { year __typename isbn number } __typename isbn } }"
                )
        )
    }

    @Test("Apollo's own declaration of @typePolicy is accepted beside its use")
    func declared() throws {
        let schema = try Schema(
            sdl: Self.books + """

                directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE
                extend type Book @typePolicy(keyFields: "isbn")
                """)
        #expect(schema.keyFields["Book"] == ["isbn"])
    }

    @Test(
        "a directive the SDL applies is checked against its definition, with the error at the directive",
        arguments: [
            (
                "extend type Book @typePolicy(keyField: \"isbn\")",
                "Unknown argument 'keyField' on directive '@typePolicy'"
            ),
            ("extend type Book @nonsense", "Unknown directive '@nonsense'"),
            ("extend type Book @typePolicy", "argument 'keyFields' of type 'String!' is required"),
            ("extend type Book @typePolicy(keyFields: 3)", "expects type 'String!'"),
            ("extend type Book @oneOf", "may not be used on object"),
            (
                "extend type Book @typePolicy(keyFields: \"isbn\") @typePolicy(keyFields: \"title\")",
                "can only be used once at this location"
            ),
            ("type Extra { old: String @deprecated @deprecated }", "can only be used once"),
            ("extend type Book @typePolicy(keyFields: \"nope\")", "'nope' of '@typePolicy' is not a field of 'Book'"),
            ("extend type Book @typePolicy(keyFields: \"edition\")", "must be a scalar or an enum"),
            ("extend type Book @typePolicy(keyFields: \" \")", "must name at least one field"),
        ])
    func invalid(extra: String, message: String) throws {
        #expect {
            try Schema(sdl: Self.books + "\n" + extra)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidSchema && error.message.contains(message)
                && error.locations.first?.line == 6
        }
    }

    @Test("a type whose interfaces disagree on their key fields must say its own")
    func interfacesDisagree() throws {
        let sdl = """
            type Query { a: A }
            interface X @typePolicy(keyFields: "x") { x: ID! }
            interface Y @typePolicy(keyFields: "y") { y: ID! }
            type A implements X & Y { x: ID! y: ID! }
            """
        #expect {
            try Schema(sdl: sdl)
        } throws: { error in
            (error as? GraphQLCoreError)?.message.contains("give 'A' a '@typePolicy' of its own") == true
        }
        let own = try Schema(sdl: sdl + "\nextend type A @typePolicy(keyFields: \"x y\")")
        #expect(own.keyFields["A"] == ["x", "y"])
    }
}
