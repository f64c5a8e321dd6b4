import Testing

@testable import GraphQLCore

@Suite("Printer")
struct PrinterTests {
    @Test("a document built in code prints with two-space indentation and the query shorthand")
    func builtDocument() {
        let document = Document(definitions: [
            .operation(
                OperationDefinition(
                    kind: .query,
                    selectionSet: SelectionSet(selections: [
                        .field(
                            Field(
                                alias: "me", name: "viewer", arguments: [Argument(name: "id", value: .int("4"))],
                                directives: [
                                    Directive(
                                        name: "include", arguments: [Argument(name: "if", value: .variable("on"))])
                                ],
                                selectionSet: SelectionSet(selections: [
                                    .field(Field(name: "name")),
                                    .inlineFragment(
                                        InlineFragment(
                                            typeCondition: "User",
                                            selectionSet: SelectionSet(selections: [.field(Field(name: "email"))]))),
                                    .fragmentSpread(FragmentSpread(name: "Parts")),
                                ])))
                    ]))),
            .fragment(
                FragmentDefinition(
                    name: "Parts", typeCondition: "User",
                    selectionSet: SelectionSet(selections: [.field(Field(name: "id"))]))),
        ])
        #expect(
            document.printed == """
                {
                  me: viewer(id: 4) @include(if: $on) {
                    name
                    ... on User {
                      email
                    }
                    ...Parts
                  }
                }

                fragment Parts on User {
                  id
                }
                """)
    }

    @Test(
        "an anonymous query after a definition that could take a body prints its keyword and parses back the same",
        arguments: [
            "type T query { a }", "interface I query { a }", "input In query { a }", "enum E query { a }",
            "extend type T @d query { a }", "extend interface I @d query { a }", "type T implements I query { a }",
            "extend schema @d query { a }", "type T { f: Int } { a }", "query { a } type T query { b }",
        ])
    func shorthandAfterBodylessDefinition(_ text: String) throws {
        let document = try Document(parsing: text)
        let printed = document.printed
        let reparsed = try Document(parsing: printed)
        #expect(reparsed == document, "\(printed)")
        #expect(reparsed.definitions.count == document.definitions.count)
        #expect(reparsed.printed == printed)
    }

    @Test("the query shorthand is kept first and after a closing brace")
    func shorthandWhereSafe() throws {
        #expect(
            try Document(parsing: "{ a } fragment F on T { b } { c }").printed
                == "{\n  a\n}\n\nfragment F on T {\n  b\n}\n\n{\n  c\n}")
        #expect(try Document(parsing: "type T query { a }").printed == "type T\n\nquery {\n  a\n}")
    }

    @Test("a named operation keeps its keyword, variables and directives")
    func namedOperation() throws {
        let document = try Document(
            parsing: "query Q($a: [Int!]! = [1], $b: In = {x: \"y\"} @d) @op { f(a: $a) }\nmutation { m }")
        #expect(
            document.printed == """
                query Q($a: [Int!]! = [1], $b: In = { x: "y" } @d) @op {
                  f(a: $a)
                }

                mutation {
                  m
                }
                """)
    }

    @Test("quoted strings escape quotes, backslashes and control characters and keep other characters")
    func quotedStrings() {
        #expect(
            Printer.print(Value.string(StringLiteral("a\"b\\c\n\t\u{0}\u{7F}é😀"))) == #""a\"b\\c\n\t\u0000\u007Fé😀""#)
    }

    @Test("block strings print as graphql-core prints them and read back to the same value")
    func blockStrings() throws {
        let cases: [(String, String)] = [
            ("short", #""""short""""#),
            ("two\nlines", "\"\"\"\ntwo\nlines\n\"\"\""),
            ("  leading space", #""""  leading space""""#),
            ("ends with \"", "\"\"\"\nends with \"\n\"\"\""),
            ("has \"\"\" inside", #""""has \""" inside""""#),
            ("a\n  indented", "\"\"\"\na\n  indented\n\"\"\""),
            ("", #""""""""#),
        ]
        for (value, printed) in cases {
            #expect(BlockString.printed(value) == printed)
            let document = try Document(parsing: "{ f(s: \(printed)) }")
            guard case .operation(let operation) = document.definitions.first,
                case .field(let field) = operation.selectionSet.selections.first
            else {
                Issue.record("no field for \(printed)")
                continue
            }
            #expect(field.arguments.first?.value == .string(StringLiteral(value, isBlock: true)))
        }
    }

    @Test("field arguments move to their own lines when the line would pass 80 columns")
    func longArguments() throws {
        let document = try Document(
            parsing: "{ field(first: \"aaaaaaaaaaaaaaaaaaaaaaaaa\", second: \"bbbbbbbbbbbbbbbbbbbb\", third: 3) }")
        #expect(
            document.printed == """
                {
                  field(
                    first: "aaaaaaaaaaaaaaaaaaaaaaaaa"
                    second: "bbbbbbbbbbbbbbbbbbbb"
                    third: 3
                  )
                }
                """)
    }

    @Test("type definitions print descriptions on their own lines and extensions with extend")
    func typeSystem() throws {
        let document = try Document(
            parsing: """
                "A thing" type T implements & A & B @d { "The field" f(a: Int = 1): [T!] }
                extend union U = | X | Y
                directive @r(a: Int) repeatable on FIELD | QUERY
                """)
        #expect(
            document.printed == """
                "A thing"
                type T implements A & B @d {
                  "The field"
                  f(a: Int = 1): [T!]
                }

                extend union U = X | Y

                directive @r(a: Int) repeatable on FIELD | QUERY
                """)
    }

    @Test("values and types print on their own")
    func valuesAndTypes() throws {
        #expect(
            Printer.print(try Value(parsing: "{a: [1, 2.5, null, ENUM, true], b: {}}"))
                == "{ a: [1, 2.5, null, ENUM, true], b: {  } }")
        #expect(Printer.print(try TypeReference(parsing: "[[String!]]!")) == "[[String!]]!")
    }
}
