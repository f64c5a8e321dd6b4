import GraphQLCodegen
import Testing

@Suite("diagnostics")
struct DiagnosticsTests {
    static let schema = CodegenSource(
        path: "schema.graphqls",
        text: """
            scalar DateTime
            enum Mood { HAPPY happy UNKNOWN }
            type Query { user: User, now: DateTime, mood: Mood }
            type User { id: ID!, name: String, type: String, self: String, friend: User }
            """)

    private func problems(
        _ documents: [CodegenSource], schema: CodegenSource = Self.schema,
        configuration: CodegenConfiguration = CodegenConfiguration()
    ) -> CodegenError? {
        do {
            _ = try CodeGenerator.generate(schema: schema, documents: documents, configuration: configuration)
            return nil
        } catch {
            return error
        }
    }

    @Test("a document that does not validate is an error at its field, in its own file")
    func invalidDocument() throws {
        let error = try #require(
            problems([
                CodegenSource(path: "A.graphql", text: "query A { user { name } }\n"),
                CodegenSource(path: "B.graphql", text: "query B {\n  user {\n    nickname\n  }\n}\n"),
            ]))
        #expect(error.code == .invalidDocument)
        #expect(
            error.diagnostics.map(\.description) == [
                "B.graphql:3:5: error: Cannot query field 'nickname' on type 'User'. Did you mean 'name'?"
            ])
    }

    @Test("a syntax error is reported in the file that has it, with its line and column")
    func syntax() throws {
        let error = try #require(
            problems([
                CodegenSource(path: "A.graphql", text: "query A { user { name } }\n"),
                CodegenSource(path: "B.graphql", text: "query B {\n  user {\n"),
            ]))
        #expect(error.code == .invalidDocument)
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics[0].file == "B.graphql" && error.diagnostics[0].line == 3)
    }

    @Test("a fragment in one file may be spread in another, and an unused fragment is generated")
    func crossFile() throws {
        let files = try CodeGenerator.generate(
            schema: Self.schema,
            documents: [
                CodegenSource(path: "A.graphql", text: "query A { user { ...UserName } }\n"),
                CodegenSource(
                    path: "F.graphql", text: "fragment UserName on User { name }\nfragment Unused on User { id }\n"),
            ])
        #expect(files.map(\.name) == ["A.graphql.swift", "F.graphql.swift", "GraphQLSchema.graphql.swift"])
        #expect(files[1].contents.contains("struct Unused: GraphQLTypedFragment, GraphQLSelection"))
    }

    @Test("a fragment's field that would generate a nested type 'Data' is an error: 'Data' is the fragment")
    func fragmentData() throws {
        let error = try #require(
            problems([CodegenSource(path: "F.graphql", text: "fragment F on User {\n  data: friend { id }\n}\n")]))
        #expect(error.code == .nameCollision)
        #expect(
            error.diagnostics.map(\.description) == [
                "F.graphql:2:3: error: The field 'data' would generate the type 'Data' in the fragment 'F', "
                    + "whose 'Data' is the fragment itself; choose an alias."
            ])
        // In an operation, `Data` is the answer's struct and a field inside it may take the name.
        let operation = CodegenSource(path: "Q.graphql", text: "query Q { user { data: friend { id } } }\n")
        #expect(problems([operation]) == nil)
    }

    @Test("a custom scalar without a mapping is an error where it is used; with one it is an alias")
    func unmappedScalar() throws {
        let document = CodegenSource(path: "Now.graphql", text: "query Now {\n  now\n}\n")
        let error = try #require(problems([document]))
        #expect(error.code == .unmappedScalar)
        #expect(
            error.diagnostics.map(\.description).first?.hasPrefix(
                "Now.graphql:2:3: error: The custom scalar 'DateTime'") == true)
        let files = try CodeGenerator.generate(
            schema: Self.schema, documents: [document],
            configuration: CodegenConfiguration(scalars: ["DateTime": "String"]))
        #expect(files[1].contents.contains("public typealias DateTime = String"))
    }

    @Test("two files defining one operation name give an error at each definition, naming the other")
    func duplicateOperationAcrossFiles() throws {
        let error = try #require(
            problems([
                CodegenSource(path: "A.graphql", text: "query UserQuery { user { id } }\n"),
                CodegenSource(path: "B.graphql", text: "# the same name\nquery UserQuery { user { name } }\n"),
            ]))
        #expect(error.code == .invalidDocument)
        #expect(
            error.diagnostics.map(\.description) == [
                "A.graphql:1:7: error: There can be only one operation named 'UserQuery'; "
                    + "another is defined at B.graphql:2:7.",
                "B.graphql:2:7: error: There can be only one operation named 'UserQuery'; "
                    + "another is defined at A.graphql:1:7.",
            ])
    }

    @Test("a custom scalar without a mapping used many times is one error, at its first use")
    func unmappedScalarOnce() throws {
        let error = try #require(
            problems([
                CodegenSource(path: "A.graphql", text: "query A {\n  now\n  later: now\n}\n"),
                CodegenSource(path: "B.graphql", text: "query B {\n  now\n}\n"),
            ]))
        #expect(error.code == .unmappedScalar)
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics.first?.file == "A.graphql" && error.diagnostics.first?.line == 2)
    }

    @Test("a custom scalar without a mapping inside an input object is an error once, at the variable")
    func unmappedScalarInInput() throws {
        let schema = CodegenSource(
            path: "schema.graphqls",
            text: "scalar DateTime\ninput Range { from: DateTime }\ntype Query { count(range: Range): Int }\n")
        let error = try #require(
            problems(
                [CodegenSource(path: "C.graphql", text: "query C($range: Range) {\n  count(range: $range)\n}\n")],
                schema: schema))
        #expect(error.code == .unmappedScalar)
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics.first?.line == 1 && error.diagnostics.first?.column == 9)
    }

    @Test("keywords are escaped with backticks; `_` and two fields of one Swift name are errors")
    func keywords() throws {
        let files = try CodeGenerator.generate(
            schema: Self.schema,
            documents: [CodegenSource(path: "K.graphql", text: "query K { user { type self default: name in: id } }\n")]
        )
        #expect(files[0].contents.contains("public var type: String?"))
        #expect(files[0].contents.contains("public var `in`: String"))
        #expect(files[0].contents.contains("public var `self`: String?"))
        #expect(files[0].contents.contains("public var `default`: String?"))

        let underscore = try #require(
            problems([CodegenSource(path: "U.graphql", text: "query U { user { _: name } }\n")]))
        #expect(underscore.code == .nameCollision)
        #expect(
            underscore.diagnostics.map(\.description) == [
                "U.graphql:1:18: error: The name '_' has no Swift spelling; choose an alias."
            ])

        let twice = try #require(
            problems([
                CodegenSource(
                    path: "T.graphql",
                    text: "query T { user { Friend: friend { id } friendSelection: friend { name } } }\n")
            ]))
        #expect(twice.code == .nameCollision)
        #expect(
            twice.diagnostics.first?.description.hasPrefix(
                "T.graphql:1:40: error: The field 'friendSelection' would generate the type 'FriendSelection'") == true)

        // A capitalized key's type takes `Selection`, so that it is not the property's name.
        let capitalized = try CodeGenerator.generate(
            schema: Self.schema,
            documents: [
                CodegenSource(path: "C.graphql", text: "query C { user { friend { id } Friend: friend { name } } }\n")
            ])
        #expect(capitalized[0].contents.contains("public var Friend: FriendSelection?"))
    }

    @Test("a composite field's type takes the letter after leading underscores up, so it is never the property's name")
    func underscores() throws {
        let files = try CodeGenerator.generate(
            schema: Self.schema,
            documents: [CodegenSource(path: "I.graphql", text: "query I { __schema { queryType { name } } }\n")])
        #expect(files[0].contents.contains("public var __schema: __Schema {"))
        #expect(files[0].contents.contains("public struct __Schema: GraphQLSelection"))
        #expect(files[1].contents.contains("public enum __TypeKind") == false)
    }

    @Test("two generated types of one name, or one hiding a type the code needs, are errors")
    func typeCollisions() throws {
        let same = try #require(
            problems([
                CodegenSource(path: "A.graphql", text: "query UserQuery { user { id } }\n"),
                CodegenSource(path: "B.graphql", text: "fragment UserQuery on User { id }\n"),
            ]))
        #expect(same.code == .nameCollision)
        #expect(same.diagnostics.first?.file == "B.graphql")

        let hidden = try #require(
            problems([CodegenSource(path: "H.graphql", text: "query H { user { string: friend { id } } }\n")]))
        #expect(hidden.diagnostics.first?.message.contains("would hide another type of that name") == true)
    }

    @Test("enum values that give one Swift case are errors; a value UNKNOWN is not")
    func enumCases() throws {
        let error = try #require(problems([CodegenSource(path: "M.graphql", text: "query M { mood }\n")]))
        #expect(error.code == .nameCollision)
        #expect(
            error.diagnostics.map(\.description) == [
                "schema.graphqls: error: The value 'happy' of enum 'Mood' would be the Swift case 'happy', as 'HAPPY' is."
            ])
    }

    @Test("an enum with a value UNKNOWN keeps unknown values in __unknown; other enums in unknown")
    func unknownValue() throws {
        let schema = CodegenSource(
            path: "schema.graphqls",
            text: """
                enum Mood { HAPPY UNKNOWN }
                enum Size { SMALL }
                type Query { mood: Mood, size: Size }
                """)
        let files = try CodeGenerator.generate(
            schema: schema, documents: [CodegenSource(path: "M.graphql", text: "query M { mood size }\n")])
        let namespace = try #require(files.last).contents
        let mood = try #require(namespace.range(of: "enum Mood:"))
        let size = try #require(namespace.range(of: "enum Size:"))
        let moodText = namespace[mood.lowerBound..<size.lowerBound]
        #expect(moodText.contains("  case unknown\n"))
        #expect(moodText.contains("case __unknown(String)"))
        #expect(moodText.contains("case \"UNKNOWN\": self = .unknown"))
        #expect(moodText.contains("default: self = .__unknown(rawValue)"))
        #expect(!moodText.contains("case unknown(String)"))
        #expect(namespace[size.lowerBound...].contains("case unknown(String)"))
    }

    @Test("a schema that does not parse, or is not valid, is an error in the schema's file")
    func invalidSchema() throws {
        let document = CodegenSource(path: "A.graphql", text: "query A { user { id } }\n")
        let syntax = try #require(
            problems([document], schema: CodegenSource(path: "s.graphqls", text: "type Query {\n  user: User\n")))
        #expect(syntax.code == .invalidSchema)
        #expect(syntax.diagnostics.first?.file == "s.graphqls" && syntax.diagnostics.first?.line == 3)
        let invalid = try #require(
            problems([document], schema: CodegenSource(path: "s.graphqls", text: "type Query { user: User }\n")))
        #expect(invalid.code == .invalidSchema)
    }

    @Test("an anonymous operation is an error: its type is named after it")
    func anonymous() throws {
        let error = try #require(problems([CodegenSource(path: "A.graphql", text: "\n{ user { id } }\n")]))
        #expect(
            error.diagnostics.map(\.description).first?.hasPrefix("A.graphql:2:1: error: An operation needs a name")
                == true)
    }
}
