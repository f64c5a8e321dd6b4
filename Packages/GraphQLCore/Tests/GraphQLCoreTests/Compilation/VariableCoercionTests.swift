import GraphQLCore
import Testing

@Suite("Compilation-VariableCoercion")
struct VariableCoercionTests {
    typealias F = CompilationFixtures

    private func error(_ text: String, _ variables: JSONObject, withSchema: Bool = true) throws -> GraphQLCoreError? {
        let document = try F.compile(text, withSchema: withSchema)
        do {
            _ = try document.operation(variables: variables)
            return nil
        } catch {
            return error
        }
    }

    @Test("an error names the variable and the path inside it, in the message and in the path")
    func errorPath() throws {
        let failure = try #require(
            try error(
                "query ($f: FeedFilter) { feed(filter: $f) { id } }", ["f": ["tags": ["a", 3]]]))
        #expect(failure.code == .invalidVariable)
        #expect(failure.path == ["f", "tags", "1"])
        #expect(
            failure.message
                == "Variable '$f' has invalid value at .tags[1]: String cannot represent a non string value")
    }

    /// A value an app could pass by mistake and must never find in a log of error messages.
    static let secret = "hunter2-Bearer-eyJhbGciOi-SECRET"

    @Test(
        "no coercion error quotes the value it refuses: a secret in the wrong place never appears in a message",
        arguments: [
            ("query ($n: Int) { feed(first: $n) { id } }", ["n": .string(secret)]),
            ("query ($n: Int!) { feed(first: $n) { id } }", ["n": [.string(secret)]]),
            (
                "mutation ($w: LikeInput!) { likePost(input: $w) { id } }",
                ["w": ["postID": "1", "weight": .string(secret)]]
            ),
            (
                "mutation ($w: LikeInput!) { likePost(input: $w) { id } }",
                ["w": ["weight": 1, "note": .string(secret)]]
            ),
            ("mutation ($w: LikeInput!) { likePost(input: $w) { id } }", ["w": ["postID": "1", "x": .string(secret)]]),
            ("mutation ($w: LikeInput!) { likePost(input: $w) { id } }", ["w": .string(secret)]),
            ("query ($f: FeedFilter) { feed(filter: $f) { id } }", ["f": ["order": .string(secret)]]),
            ("query ($f: FeedFilter) { feed(filter: $f) { id } }", ["f": ["order": [.string(secret)]]]),
            ("query ($f: FeedFilter) { feed(filter: $f) { id } }", ["f": ["tags": [.string(secret), 3]]]),
            ("query ($f: FeedFilter) { feed(filter: $f) { id } }", ["f": ["minLikes": .string(secret)]]),
            ("query ($f: FeedFilter) { feed(filter: $f) { id } }", ["f": ["authorID": [.string(secret)]]]),
            ("query ($s: String!) { search(text: $s) { __typename } }", ["s": ["token": .string(secret)]]),
            ("query ($s: String!) { search(text: $s) { __typename } }", ["s": [.string(secret), 1]]),
            ("query ($r: PostRef!) { postBy(ref: $r) { id } }", ["r": ["id": "1", "slug": .string(secret)]]),
            ("query ($r: PostRef!) { postBy(ref: $r) { id } }", ["r": ["slug": .bool(true), "s": .string(secret)]]),
        ] as [(String, JSONObject)])
    func messagesNeverQuoteTheValue(_ text: String, _ variables: JSONObject) throws {
        let failure = try #require(try error(text, variables))
        #expect(failure.code == .invalidVariable)
        #expect(!failure.message.contains(Self.secret), "\(failure.message)")
        #expect(!failure.message.contains("hunter2"), "\(failure.message)")
        #expect(!"\(failure)".contains("hunter2"))
        #expect(!failure.path.contains { $0.contains("hunter2") })
        // The variable is named, with the expected type.
        #expect(failure.message.hasPrefix("Variable '$"))
    }

    @Test("a missing required variable is an error whose path is the variable")
    func missingRequired() throws {
        let failure = try #require(try error("query ($id: ID!) { post(id: $id) { title } }", [:]))
        #expect(failure.path == ["id"])
        #expect(failure.locations.first?.line == 1)
    }

    @Test("an Int variable given an integral float becomes an integer, and a Float given an integer a double")
    func numberKinds() throws {
        let document = try F.compile(
            #"query ($n: Int, $w: Float) { feed(first: $n) { id } likes: post(id: "1") { id } }"#, withSchema: false)
        let operation = try document.operation(variables: ["n": 2.0, "w": 3])
        #expect(operation.variables["n"] == .int(2))
        #expect(operation.variables["w"] == .double(3))
    }

    @Test("input object fields get their defaults and an ID field takes an integer")
    func inputObjectDefaults() throws {
        let operation = try F.compile("query ($f: FeedFilter) { feed(filter: $f) { id } }")
            .operation(variables: ["f": ["authorID": 7]])
        #expect(operation.variables == ["f": ["order": "NEWEST", "authorID": "7"]])
    }

    @Test("a @oneOf input with two fields is rejected, and with one field accepted")
    func oneOf() throws {
        let text = "query ($r: PostRef!) { postBy(ref: $r) { id } }"
        let failure = try #require(try error(text, ["r": ["id": "1", "slug": "s"]]))
        #expect(failure.path == ["r"])
        let operation = try CompiledDocument(
            document: Document(parsing: text), schema: nil, options: CompilationOptions()
        ).operation(variables: ["r": ["id": "1", "slug": "s"]])
        #expect(operation.variables == ["r": ["id": "1", "slug": "s"]], "without a schema PostRef passes through")
        #expect(try F.compile(text).operation(variables: ["r": ["slug": "s"]]).variables == ["r": ["slug": "s"]])
    }

    @Test("without a schema nullability, lists and built-in scalars are still checked")
    func withoutSchemaBuiltIns() throws {
        let text = "query ($ids: [ID!]!, $n: Int, $custom: Whatever!) { feed(first: $n) { id } }"
        let nonNull = try #require(try error(text, ["custom": 1], withSchema: false))
        #expect(
            nonNull.message
                == "Variable '$ids' has invalid value: Expected a value of non-null type '[ID!]!' to be provided.")
        let item = try #require(try error(text, ["ids": [1, nil], "custom": 1], withSchema: false))
        #expect(item.path == ["ids", "1"])
        let int = try #require(try error(text, ["ids": "1", "n": "2", "custom": 1], withSchema: false))
        #expect(int.path == ["n"])
        let operation = try F.compile(text, withSchema: false).operation(variables: [
            "ids": 5, "custom": ["any": ["shape"]],
        ])
        #expect(operation.variables == ["ids": ["5"], "custom": ["any": ["shape"]]])
    }

    @Test("an unknown named type without a schema still needs a value when non-null")
    func unknownTypeNonNull() throws {
        let failure = try #require(try error("query ($c: Whatever!) { viewer { id } }", [:], withSchema: false))
        #expect(failure.code == .invalidVariable)
    }
}
