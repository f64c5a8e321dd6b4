import GraphQLCore
import Testing

/// `@fieldPolicy(forField:keyArgs:)` in a schema file, in Apollo iOS's syntax: which record a field's
/// arguments name, checked against the schema and compiled onto the field.
@Suite("Schema-FieldPolicy")
struct FieldPolicyTests {
    static let books = """
        type Query {
          book(isbn: String!): Book
          books(isbns: [String!]!): [Book]!
          edition(isbn: String!, number: Int!): Edition
          node(gid: ID!): Node
          author(id: ID!): Author
          shelf: Shelf
        }
        type Book { isbn: String! title: String! }
        type Edition { isbn: String! number: Int! year: Int }
        type Author { id: ID! name: String }
        type Shelf { book(isbn: String!): Book }
        interface Node { gid: ID! }
        type User implements Node { gid: ID! name: String }
        extend type Book @typePolicy(keyFields: "isbn")
        extend type Edition @typePolicy(keyFields: "isbn number")
        """

    @Test("@fieldPolicy names the record type, its key fields and the key arguments; id is the default key")
    func redirects() throws {
        let schema = try Schema(
            sdl: Self.books + """

                extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn")
                    @fieldPolicy(forField: "books", keyArgs: "isbns")
                    @fieldPolicy(forField: "edition", keyArgs: "isbn number")
                    @fieldPolicy(forField: "author", keyArgs: "id")
                """)
        let query = try #require(schema.fieldRedirects["Query"])
        #expect(query["book"] == FieldRedirect(typename: "Book", keyFields: ["isbn"], keyArguments: ["isbn"]))
        #expect(
            query["books"]
                == FieldRedirect(typename: "Book", keyFields: ["isbn"], keyArguments: ["isbns"], listArgument: "isbns"))
        #expect(
            query["edition"]
                == FieldRedirect(typename: "Edition", keyFields: ["isbn", "number"], keyArguments: ["isbn", "number"]))
        #expect(query["author"] == FieldRedirect(typename: "Author", keyFields: ["id"], keyArguments: ["id"]))
        #expect(schema.fieldRedirects["Shelf"] == nil)
    }

    @Test("an interface's @fieldPolicy is taken by the object types that implement it")
    func inherited() throws {
        let schema = try Schema(
            sdl: """
                type Query { me: User }
                interface Library { book(isbn: String!): Book }
                type User implements Library { book(isbn: String!): Book }
                type Book { isbn: String! }
                extend type Book @typePolicy(keyFields: "isbn")
                extend interface Library @fieldPolicy(forField: "book", keyArgs: "isbn")
                """)
        #expect(schema.fieldRedirects["User"]?["book"]?.typename == "Book")
    }

    @Test("compiling puts the redirect on the field, and its key objects take the arguments' values in order")
    func compiled() throws {
        let schema = try Schema(
            sdl: Self.books + """

                extend type Query @fieldPolicy(forField: "books", keyArgs: "isbns")
                    @fieldPolicy(forField: "edition", keyArgs: "isbn number")
                """)
        let operation = try CompiledDocument(
            text:
                "query Q($isbn: String!) { books(isbns: [\"B1\", \"B2\"]) { title } edition(isbn: $isbn, number: 2) { year } shelf { book(isbn: \"B3\") { title } } }",
            schema: schema
        ).operation(variables: ["isbn": "B7"])
        let fields = operation.selectionSet.selections.compactMap { selection -> CompiledField? in
            if case .field(let field) = selection { return field } else { return nil }
        }
        let books = try #require(fields.first { $0.name == "books" })
        let edition = try #require(fields.first { $0.name == "edition" })
        let shelf = try #require(fields.first { $0.name == "shelf" })
        #expect(
            books.redirect?.keyObjects(arguments: books.arguments, variables: operation.variables)
                == [["isbn": "B1"], ["isbn": "B2"]])
        #expect(
            edition.redirect?.keyObjects(arguments: edition.arguments, variables: operation.variables)
                == [["isbn": "B7", "number": 2]])
        #expect(shelf.redirect == nil)
    }

    @Test(
        "a @fieldPolicy that does not fit its field does not build, with the error at the directive",
        arguments: [
            ("extend type Query @fieldPolicy(forField: \"nope\", keyArgs: \"isbn\")", "is not a field of 'Query'"),
            (
                "extend type Query @fieldPolicy(forField: \"book\", keyArgs: \"id\")",
                "'id' of '@fieldPolicy(forField: \"book\")' on 'Query' is not an argument"
            ),
            ("extend type Query @fieldPolicy(forField: \"node\", keyArgs: \"gid\")", "not an object type"),
            (
                "extend type Query @fieldPolicy(forField: \"edition\", keyArgs: \"isbn\")",
                "'Edition' is keyed by 2 field(s)"
            ),
            (
                "extend type Query @fieldPolicy(forField: \"books\", keyArgs: \"isbns isbns\")",
                "'Book' is keyed by 1 field(s)"
            ),
            ("extend type Query @fieldPolicy(forField: \"book\")", "argument 'keyArgs' of type 'String!' is required"),
            ("extend type Query @fieldPolicy(field: \"book\", keyArgs: \"isbn\")", "Unknown argument 'field'"),
            ("extend type Book @fieldPolicy(forField: \"title\", keyArgs: \"isbn\")", "not an object type"),
        ])
    func invalid(extra: String, message: String) throws {
        #expect {
            try Schema(sdl: Self.books + "\n" + extra)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidSchema && error.message.contains(message)
        }
    }

    @Test("a list field needs one list key argument, and a single field none")
    func listArguments() throws {
        #expect(throws: GraphQLCoreError.self) {
            try Schema(
                sdl: """
                    type Query { books(isbn: String!): [Book] }
                    type Book { id: ID! }
                    extend type Query @fieldPolicy(forField: "books", keyArgs: "isbn")
                    """)
        }
        #expect(throws: GraphQLCoreError.self) {
            try Schema(
                sdl: """
                    type Query { book(ids: [ID!]!): Book }
                    type Book { id: ID! }
                    extend type Query @fieldPolicy(forField: "book", keyArgs: "ids")
                    """)
        }
    }

    @Test("Apollo's own declaration of @fieldPolicy is accepted beside its use")
    func declared() throws {
        let schema = try Schema(
            sdl: Self.books + """

                directive @fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE
                extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn")
                """)
        #expect(schema.fieldRedirects["Query"]?["book"]?.keyArguments == ["isbn"])
    }
}
