import GraphQLCore
import Testing

@Suite("Compilation-ConnectionDirective")
struct ConnectionDirectiveTests {
    static let sdl = """
        type Query {
          feed(first: Int, after: String, last: Int, before: String, order: Order, tag: String): PostConnection!
          posts(first: Int, after: String): [Post!]!
          broken(first: Int, after: String): BrokenConnection!
          unpaged(order: Order): PostConnection!
          latest(offset: Int, limit: Int, tag: String): [Post!]!
          nested(offset: Int, limit: Int): [[Post!]!]!
          single(offset: Int, limit: Int): Post
          titles(offset: Int, limit: Int): [String!]!
          limited(limit: Int): [Post!]!
          forward(first: Int, after: String): ForwardConnection!
          infoless(first: Int, after: String): InfolessConnection!
        }
        type ForwardConnection { edges: [PostEdge!]! pageInfo: ForwardInfo! }
        type ForwardInfo { hasNextPage: Boolean! endCursor: String }
        type InfolessConnection { edges: [PostEdge!]! pageInfo: Infoless! }
        type Infoless { total: Int! }
        enum Order { NEW TOP }
        type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
        type PostEdge { cursor: String! node: Post! }
        type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
        type BrokenConnection { edges: [PostEdge!]! }
        type Post { id: ID! title: String! }
        """
    static let schema = try! Schema(sdl: sdl)
    static let selection = """
        { edges { cursor node { title } } pageInfo { hasNextPage endCursor hasPreviousPage startCursor } }
        """

    static func compile(_ text: String, withSchema: Bool = true) throws -> CompiledDocument {
        try CompiledDocument(text: text, schema: withSchema ? schema : nil)
    }

    static func feedField(_ operation: GraphQLOperation) -> CompiledField? {
        for case .field(let field) in operation.selectionSet.selections where field.name == "feed" { return field }
        return nil
    }

    @Test("@connection is read into the compiled field and left out of the text sent")
    func readAndStripped() throws {
        let operation = try Self.compile(
            "query Feed($first: Int!, $after: String) { feed(first: $first, after: $after, order: NEW) @connection(key: \"Feed_feed\") \(Self.selection) }"
        ).operation(variables: ["first": 2])
        let field = try #require(Self.feedField(operation))
        let connection = try #require(field.connection)
        #expect(connection.key == "Feed_feed")
        #expect(connection.filters == nil)
        #expect(connection.variable(forPagingArgument: "first") == "first")
        #expect(connection.variable(forPagingArgument: "after") == "after")
        #expect(!operation.text.contains(sent("connection")))
        #expect(operation.text.contains(sent("feed(first: $first, after: $after, order: NEW)")))
    }

    @Test("the storage key leaves out first, after, last and before and keeps every other argument")
    func storageKeyWithoutPagingArguments() throws {
        let operation = try Self.compile(
            "query Feed($after: String) { feed(first: 10, after: $after, order: TOP, tag: \"swift\") @connection(key: \"Feed_feed\") \(Self.selection) }"
        ).operation(variables: ["after": "c2"])
        let field = try #require(Self.feedField(operation))
        #expect(
            field.storageKey(variables: operation.variables) == "__Feed_feed_connection(order:\"TOP\",tag:\"swift\")")
        #expect(field.constantStorageKey == "__Feed_feed_connection(order:\"TOP\",tag:\"swift\")")
    }

    @Test("with filters the storage key keeps only the listed arguments, their variables substituted")
    func storageKeyWithFilters() throws {
        let operation = try Self.compile(
            "query Feed($tag: String) { feed(first: 10, order: TOP, tag: $tag) @connection(key: \"Feed_feed\", filters: [\"tag\"]) \(Self.selection) }"
        ).operation(variables: ["tag": "swift"])
        let field = try #require(Self.feedField(operation))
        #expect(field.connection?.filters == ["tag"])
        #expect(field.constantStorageKey == nil)
        #expect(field.storageKey(variables: operation.variables) == "__Feed_feed_connection(tag:\"swift\")")
    }

    @Test("two pages of one connection share one storage key")
    func pagesShareTheKey() throws {
        let document = try Self.compile(
            "query Feed($first: Int!, $after: String) { feed(first: $first, after: $after) @connection(key: \"Feed_feed\") \(Self.selection) }"
        )
        let first = try document.operation(variables: ["first": 2])
        let second = try document.operation(variables: ["first": 2, "after": "c2"])
        #expect(
            Self.feedField(first)?.storageKey(variables: first.variables)
                == Self.feedField(second)?.storageKey(variables: second.variables))
    }

    @Test("a field paged by offset and limit is an offset list: its key leaves out offset and limit")
    func offsetList() throws {
        let document = try Self.compile(
            "query Latest($offset: Int, $limit: Int!) { latest(offset: $offset, limit: $limit, tag: \"swift\") @connection(key: \"Latest\") { title } }"
        )
        let first = try document.operation(variables: ["limit": 10])
        let second = try document.operation(variables: ["limit": 10, "offset": 10])
        let field = try #require(
            first.selectionSet.selections.compactMap { selection -> CompiledField? in
                guard case .field(let field) = selection else { return nil }
                return field
            }.first)
        let connection = try #require(field.connection)
        #expect(connection.kind == .offset)
        #expect(connection.variable(forPagingArgument: "offset") == "offset")
        #expect(connection.variable(forPagingArgument: "limit") == "limit")
        #expect(field.storageKey(variables: first.variables) == "__Latest_connection(tag:\"swift\")")
        #expect(field.storageKey(variables: second.variables) == field.storageKey(variables: first.variables))
        #expect(!first.text.contains(sent("@connection")))
    }

    @Test(
        "an offset list that is not a list of objects, or passes no limit, is an invalidConnection error",
        arguments: [
            ("{ nested(limit: 2) @connection(key: \"K\") { title } }", "list of objects, one level deep"),
            ("{ single(limit: 2) @connection(key: \"K\") { title } }", "must have a list type"),
            ("{ titles(limit: 2) @connection(key: \"K\") }", "list of objects with a selection"),
            (
                "{ limited(limit: 2) @connection(key: \"K\") { title } }",
                "must declare the arguments 'offset' and 'limit'"
            ),
            ("{ latest(offset: 2) @connection(key: \"K\") { title } }", "must pass 'limit'"),
            ("{ latest(limit: 2) @connection(key: \"K\", filters: [\"offset\"]) { title } }", "is a paging argument"),
        ])
    func invalidOffsetList(text: String, message: String) throws {
        #expect {
            try Self.compile(text)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidConnection && error.message.contains(message)
        }
    }

    @Test("without a schema @connection is still read, checked against the selection and stripped")
    func withoutSchema() throws {
        let operation = try Self.compile(
            "{ feed(first: 3) @connection(key: \"K\") \(Self.selection) }", withSchema: false
        ).operation()
        #expect(Self.feedField(operation)?.connection?.key == "K")
        #expect(!operation.text.contains(sent("@")))
    }

    @Test(
        "a field that is not a connection, or an invalid @connection, is an invalidConnection error at the directive",
        arguments: [
            ("{ posts(first: 2) @connection(key: \"K\") { title } }", "must have an object type"),
            (
                "{ broken(first: 2) @connection(key: \"K\") { edges { cursor node { title } } } }",
                "has no field 'pageInfo'"
            ),
            ("{ unpaged @connection(key: \"K\") \(selection) }", "must declare the arguments 'first' and 'after'"),
            ("{ feed(order: NEW) @connection(key: \"K\") \(selection) }", "must pass 'first' or 'last'"),
            ("{ feed(first: 2) @connection(key: \"\") \(selection) }", "non-empty String literal"),
            ("{ feed(first: 2) @connection(key: \"K\", filters: [\"nope\"]) \(selection) }", "not an argument"),
            ("{ feed(first: 2) @connection(key: \"K\", filters: [\"after\"]) \(selection) }", "is a paging argument"),
            (
                "{ feed(first: 2) @connection(key: \"K\") { edges { node { title } } pageInfo { hasNextPage endCursor hasPreviousPage startCursor } } }",
                "must select 'edges { cursor }'"
            ),
            (
                "{ feed(first: 2) @connection(key: \"K\") { edges { cursor node { title } } pageInfo { hasNextPage } } }",
                "must select 'pageInfo { endCursor }'"
            ),
            (
                "{ feed(first: 2) @connection(key: \"K\") { edges { cursor node { title } } } }",
                "must select 'pageInfo'"
            ),
        ])
    func invalid(text: String, message: String) throws {
        #expect {
            try Self.compile(text)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidConnection && error.message.contains(message)
                && error.locations.first?.line == 1 && (error.locations.first?.column ?? 0) > 1
        }
    }

    @Test(
        "a forward-only or backward-only pageInfo pages in its direction: one pair selected whole is a connection",
        arguments: [
            "{ forward(first: 2) @connection(key: \"K\") { edges { cursor node { title } } pageInfo { hasNextPage endCursor } } }",
            "{ feed(first: 2) @connection(key: \"K\") { edges { cursor node { title } } pageInfo { endCursor hasNextPage } } }",
            "{ feed(last: 2) @connection(key: \"K\") { edges { cursor node { title } } pageInfo { hasPreviousPage startCursor } } }",
        ])
    func onePair(text: String) throws {
        let operation = try Self.compile(text).operation()
        let connection = operation.selectionSet.selections.compactMap { selection -> CompiledConnection? in
            guard case .field(let field) = selection else { return nil }
            return field.connection
        }
        #expect(connection.first?.key == "K")
    }

    @Test(
        "a pageInfo with neither pair, or a pair selected by half, is an invalidConnection error",
        arguments: [
            (
                "{ infoless(first: 2) @connection(key: \"K\") { edges { cursor node { title } } pageInfo { total } } }",
                "has neither 'hasNextPage' and 'endCursor' nor 'hasPreviousPage' and 'startCursor'"
            ),
            (
                "{ feed(first: 2) @connection(key: \"K\") { edges { cursor node { title } } pageInfo { hasNextPage endCursor startCursor } } }",
                "must select 'pageInfo { hasPreviousPage }' beside 'startCursor'"
            ),
        ])
    func noWholePair(text: String, message: String) throws {
        #expect {
            try Self.compile(text)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidConnection && error.message.contains(message)
        }
    }

    @Test("a @connection used twice on one field is an invalidConnection error naming both places")
    func twice() throws {
        #expect {
            try Self.compile("{ feed(first: 2) @connection(key: \"A\") @connection(key: \"B\") \(Self.selection) }")
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            // The schema's validation (UniqueDirectivesPerLocationRule) sees it first.
            return error.locations.count == 2
        }
    }

    @Test("a @connection without key is a validation error with the schema, an invalidConnection without")
    func missingKey() throws {
        let text = "{ feed(first: 2) @connection \(Self.selection) }"
        #expect(throws: GraphQLCoreError.self) { try Self.compile(text) }
        #expect {
            try Self.compile(text, withSchema: false)
        } throws: { error in
            (error as? GraphQLCoreError)?.code == .invalidConnection
        }
    }
}
