import GraphQLCore
import Testing

@Suite("Compilation-Text")
struct OperationTextTests {
    typealias F = CompilationFixtures

    static let document = """
        query Feed($n: Int = 3) @cacheExpiration(seconds: 60) {
          feed(first: $n) { ...PostCard }
        }
        query Me { viewer { ...MeFields } }
        fragment MeFields on User { name }
        fragment PostCard on Post { title author { ...AuthorName } }
        fragment AuthorName on User { name }
        """

    @Test("the text holds the operation and only the fragments it uses, transitively, client directives removed")
    func textToSend() throws {
        let operation = try F.compile(Self.document).operation(named: "Feed")
        #expect(
            operation.text
                == sent(
                    """
                    query Feed($n: Int = 3) {
                      feed(first: $n) {
                        ...PostCard
                        __typename
                        id
                      }
                    }

                    fragment PostCard on Post {
                      title
                      author {
                        ...AuthorName
                        __typename
                        id
                      }
                      __typename
                      id
                    }

                    fragment AuthorName on User {
                      name
                      __typename
                      id
                    }
                    """))
    }

    @Test("an operation sends its own fragments, not another operation's")
    func otherOperationsFragments() throws {
        let operation = try F.compile(Self.document).operation(named: "Me")
        #expect(
            operation.text
                == sent(
                    """
                    query Me {
                      viewer {
                        ...MeFields
                        __typename
                        id
                      }
                    }

                    fragment MeFields on User {
                      name
                      __typename
                      id
                    }
                    """))
    }

    @Test("an operation without fragments sends no fragment")
    func noFragments() throws {
        let operation = try F.compile("query Me { viewer { name } }").operation()
        #expect(operation.text == sent("query Me {\n  viewer {\n    name\n    __typename\n    id\n  }\n}"))
    }

    @Test("the text parses back, without a client directive, and compiles to the same tree")
    func textRoundTrips() throws {
        let operation = try F.compile(Self.document).operation(named: "Feed")
        let reparsed = try Document(parsing: operation.text)
        #expect(reparsed.operations.first?.directives.isEmpty == true)
        #expect(reparsed.fragments.map(\.name) == ["PostCard", "AuthorName"])
        let again = try CompiledDocument(document: reparsed, schema: F.schema()).operation()
        #expect(again.selectionSet == operation.selectionSet)
        #expect(again.text == operation.text)
    }

    @Test("the same text compiles to equal operations every time")
    func deterministic() throws {
        let first = try F.compile(Self.document).operation(named: "Feed")
        let second = try F.compile(Self.document).operation(named: "Feed")
        #expect(first == second)
    }

    @Test("a document with several operations needs a name, and an unknown name is an error")
    func operationSelection() throws {
        let document = try F.compile(Self.document)
        #expect(document.operationNames == ["Feed", "Me"])
        #expect { try document.operation() } throws: { ($0 as? GraphQLCoreError)?.code == .unknownOperation }
        #expect { try document.operation(named: "Nope") } throws: {
            ($0 as? GraphQLCoreError)?.code == .unknownOperation
        }
        #expect(try document.operation(named: "Me").kind == .query)
        #expect(try document.operation(named: "Me").rootTypeName == "Query")
    }

    @Test("@defer and @stream stay in the text sent, labels and all, while @cacheExpiration is removed")
    func deferAndStreamAreSent() throws {
        // Declared as a server with incremental delivery declares them; the schema has neither built in.
        let schema = try Schema(
            sdl: F.sdl + """

                directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
                directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
                """)
        let text = """
            query Feed @cacheExpiration(seconds: 30) {
              feed @stream(initialCount: 2, label: "feed") { title ...Body @defer(label: "body") }
              viewer { ... @defer(if: false) { name } }
            }
            fragment Body on Post { body }
            """
        let operation = try CompiledDocument(text: text, schema: schema).operation()
        #expect(
            operation.text
                == sent(
                    """
                    query Feed {
                      feed @stream(initialCount: 2, label: "feed") {
                        title
                        ...Body @defer(label: "body")
                        __typename
                        id
                      }
                      viewer {
                        ... @defer(if: false) {
                          name
                        }
                        __typename
                        id
                      }
                    }

                    fragment Body on Post {
                      body
                      __typename
                      id
                    }
                    """))
    }

    @Test("a mutation starts from the mutation root")
    func mutationRoot() throws {
        let operation = try F.compile(#"mutation Like { likePost(input: {postID: "1"}) { likes } }"#).operation()
        #expect(operation.kind == .mutation)
        #expect(operation.rootTypeName == "Mutation")
        #expect(operation.name == "Like")
    }

    @Test("strings in the text are escaped so the server reads the same value")
    func escapedStrings() throws {
        let operation = try F.compile(#"{ search(text: "say \"hi\"\n") { __typename } }"#).operation()
        #expect(operation.text.contains(sent(#"search(text: "say \"hi\"\n")"#)))
    }
}
