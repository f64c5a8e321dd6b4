import Testing

@testable import GraphQLCore

@Suite("Parser")
struct ParserTests {
    private func failure(_ text: String, options: ParseOptions = .init()) -> GraphQLCoreError? {
        do {
            _ = try Document(parsing: text, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test("a query with an alias, arguments, a variable and a fragment spread parses into its definitions")
    func parsesQuery() throws {
        let document = try Document(
            parsing: """
                query Hero($episode: Episode = JEDI) {
                  hero(episode: $episode) { heroName: name ...Friends }
                }
                fragment Friends on Character { friends { name } }
                """)
        #expect(document.definitions.count == 2)
        let operation = try #require(document.operations.first)
        #expect(operation.name == "Hero")
        #expect(operation.variableDefinitions.first?.defaultValue == .enumValue("JEDI"))
        #expect(operation.location.start == GraphQLCore.SourceLocation(line: 1, column: 1))
        guard case .field(let hero) = operation.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(hero.arguments == [Argument(name: "episode", value: .variable("episode"))])
        #expect(hero.location.start == GraphQLCore.SourceLocation(line: 2, column: 3))
        #expect(
            hero.selectionSet?.selections == [
                .field(Field(alias: "heroName", name: "name")), .fragmentSpread(FragmentSpread(name: "Friends")),
            ])
        #expect(document.fragments.first?.typeCondition == "Character")
    }

    @Test("nodes record where they start, across \\r\\n line ends and after a byte order mark")
    func nodeLocations() throws {
        let document = try Document(parsing: "\u{FEFF}{\r\n  a(x: 1)\r\n  ... on T { b }\r\n}")
        let operation = try #require(document.operations.first)
        #expect(operation.location.start == GraphQLCore.SourceLocation(line: 1, column: 2))
        guard case .field(let a) = operation.selectionSet.selections.first,
            case .inlineFragment(let fragment) = operation.selectionSet.selections.last
        else {
            Issue.record("unexpected selections")
            return
        }
        #expect(a.location.start == GraphQLCore.SourceLocation(line: 2, column: 3))
        #expect(a.arguments.first?.location.start == GraphQLCore.SourceLocation(line: 2, column: 5))
        #expect(fragment.location.start == GraphQLCore.SourceLocation(line: 3, column: 3))
    }

    @Test("values, the values inside lists and objects, names and type references record where they start")
    func valueNameAndTypeLocations() throws {
        typealias At = GraphQLCore.SourceLocation
        let document = try Document(
            parsing: """
                query Q($v: [In!] = {a: [1, NO]}) @d {
                  x: f(a: [1, {b: "s", c: ENUM}], v: $v) { ...F ... on T { id } }
                }
                fragment F on T { id }
                """)
        let operation = try #require(document.operations.first)
        #expect(operation.nameLocation.start == At(line: 1, column: 7))
        #expect(operation.directives.first?.nameLocation.start == At(line: 1, column: 36))
        let variable = try #require(operation.variableDefinitions.first)
        #expect(variable.location.start == At(line: 1, column: 9))
        #expect(variable.nameLocation.start == At(line: 1, column: 10))
        #expect(variable.typeLocation.start == At(line: 1, column: 13))
        #expect(variable.namedTypeLocation.start == At(line: 1, column: 14))
        #expect(variable.defaultValueLocation.start.start == At(line: 1, column: 21))
        #expect(variable.defaultValueLocation.element(0).start.start == At(line: 1, column: 25))
        #expect(variable.defaultValueLocation.element(0).element(1).start.start == At(line: 1, column: 29))
        guard case .field(let field) = operation.selectionSet.selections.first,
            case .fragmentSpread(let spread)? = field.selectionSet?.selections.first,
            case .inlineFragment(let inline)? = field.selectionSet?.selections.last
        else {
            Issue.record("unexpected selections")
            return
        }
        #expect(field.location.start == At(line: 2, column: 3))
        #expect(field.nameLocation.start == At(line: 2, column: 6))
        let list = field.arguments[0].valueLocation
        #expect(list.start.start == At(line: 2, column: 11))
        #expect(list.element(0).start.start == At(line: 2, column: 12))
        #expect(list.element(1).start.start == At(line: 2, column: 15))
        #expect(list.element(1).element(0).start.start == At(line: 2, column: 19))
        #expect(list.element(1).element(1).start.start == At(line: 2, column: 27))
        #expect(list.element(2) == .unknown)
        #expect(field.arguments[1].valueLocation.start.start == At(line: 2, column: 38))
        #expect(spread.nameLocation.start == At(line: 2, column: 47))
        #expect(inline.typeConditionLocation.start == At(line: 2, column: 56))
        let fragment = try #require(document.fragments.first)
        #expect(fragment.nameLocation.start == At(line: 4, column: 10))
        #expect(fragment.typeConditionLocation.start == At(line: 4, column: 15))
    }

    @Test("type definitions fill only the members of their kind, and extensions are told apart")
    func typeSystem() throws {
        let document = try Document(
            parsing: """
                interface Node { id: ID! }
                type User implements Node @key(fields: "id") { id: ID! friends(first: Int = 10): [User!]! }
                union Result = User | Page
                enum Color { RED GREEN }
                input Filter { name: String = "x" }
                scalar Date
                extend type User { age: Int }
                directive @key(fields: String!) repeatable on OBJECT | INTERFACE
                schema { query: Query }
                extend schema @d
                """)
        var kinds: [String] = []
        for definition in document.definitions {
            switch definition {
            case .type(let type): kinds.append(type.kind.rawValue)
            case .typeExtension(let type): kinds.append("extend " + type.kind.rawValue)
            case .directive(let directive): kinds.append("directive \(directive.isRepeatable) \(directive.locations)")
            case .schema(let schema): kinds.append("schema \(schema.operationTypes.map(\.type))")
            case .schemaExtension(let schema): kinds.append("extend schema \(schema.directives.map(\.name))")
            case .operation, .fragment: kinds.append("executable")
            }
        }
        #expect(
            kinds == [
                "interface", "object", "union", "enum", "inputObject", "scalar", "extend object",
                "directive true [GraphQLCore.DirectiveLocation.object, GraphQLCore.DirectiveLocation.interface]",
                "schema [\"Query\"]", "extend schema [\"d\"]",
            ])
        guard case .type(let user) = document.definitions[1] else { return }
        #expect(user.interfaces == ["Node"])
        #expect(user.fields.last?.type == .nonNull(.list(.nonNull(.named("User")))))
        #expect(user.fields.last?.arguments.first?.defaultValue == .int("10"))
        #expect(user.unionMembers.isEmpty && user.enumValues.isEmpty && user.inputFields.isEmpty)
    }

    @Test("operations, fragments and variables may carry descriptions, as the working draft allows")
    func executableDescriptions() throws {
        let document = try Document(
            parsing: "\"Op\" query Q(\"Var\" $a: Int) { a }\n\"\"\"Frag\"\"\" fragment F on T { a }")
        #expect(document.operations.first?.description == StringLiteral("Op"))
        #expect(document.operations.first?.variableDefinitions.first?.description == StringLiteral("Var"))
        #expect(document.fragments.first?.description == StringLiteral("Frag", isBlock: true))
    }

    @Test("empty selection sets are accepted, as graphql-core accepts them by default")
    func emptySelectionSets() throws {
        let document = try Document(parsing: "{ a { } }")
        guard case .field(let field) = document.operations.first?.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(field.selectionSet == SelectionSet(selections: []))
    }

    @Test("syntax errors carry graphql-core's message and the place of the offending token")
    func syntaxErrors() {
        let missingName = failure("{ a(x: 1) { b")
        #expect(missingName?.code == .syntax)
        #expect(missingName?.message == "Syntax Error: Expected Name, found <EOF>.")
        #expect(missingName?.locations == [GraphQLCore.SourceLocation(line: 1, column: 14)])
        #expect(
            failure("query Q($a: Int = $b) { a }")?.message
                == "Syntax Error: Unexpected variable '$b' in constant value.")
        #expect(
            failure("enum E { null }")?.message
                == "Syntax Error: Name 'null' is reserved and cannot be used for an enum value.")
        #expect(failure("extend type A")?.message == "Syntax Error: Unexpected <EOF>.")
    }

    @Test("nesting up to maxDepth parses and one level more fails with nestingTooDeep")
    func nestingLimit() throws {
        func selections(_ depth: Int) -> String {
            String(repeating: "{a", count: depth) + String(repeating: "}", count: depth)
        }
        let limit = ParseOptions().maxDepth
        #expect(limit == 64)
        _ = try Document(parsing: selections(limit))
        let error = failure(selections(limit + 1))
        #expect(error?.code == .nestingTooDeep)
        #expect(error?.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
        #expect(error?.locations == [GraphQLCore.SourceLocation(line: 1, column: 2 * limit + 1)])
        _ = try Document(parsing: selections(256), options: ParseOptions(maxDepth: 256))
        // Values and list types share the count with the selection sets around them.
        let mixed = "{a(v: " + String(repeating: "[", count: 5) + String(repeating: "]", count: 5) + ")}"
        _ = try Document(parsing: mixed, options: ParseOptions(maxDepth: 6))
        #expect(failure(mixed, options: ParseOptions(maxDepth: 5))?.code == .nestingTooDeep)
        #expect(failure("query($v: [[Int]]) {a}", options: ParseOptions(maxDepth: 1))?.code == .nestingTooDeep)
    }

    @Test("a token limit stops a document with more tokens, comments not counted")
    func tokenLimit() throws {
        let text = "# a comment\n{ a b c }"
        _ = try Document(parsing: text, options: ParseOptions(maxTokens: 5))
        let error = failure(text, options: ParseOptions(maxTokens: 4))
        #expect(error?.code == .syntax)
        #expect(error?.message == "Syntax Error: Document contains more than 4 tokens. Parsing aborted.")
        #expect(error?.locations == [GraphQLCore.SourceLocation(line: 2, column: 9)])
    }

    @Test("a lone value or type parses, and a constant value rejects variables")
    func valuesAndTypes() throws {
        #expect(
            try Value(parsing: "[1, {a: $v}]")
                == .list([.int("1"), .object([ObjectField(name: "a", value: .variable("v"))])]))
        #expect(throws: GraphQLCoreError.self) { try Value(parsing: "$v", isConst: true) }
        #expect(throws: GraphQLCoreError.self) { try Value(parsing: "1 2") }
        #expect(try TypeReference(parsing: "[Int!]!") == .nonNull(.list(.nonNull(.named("Int")))))
        #expect(throws: GraphQLCoreError.self) { try TypeReference(parsing: "[Int") }
    }
}
