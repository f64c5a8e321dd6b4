import GraphQLCore
import Testing

@Suite("Compilation-StorageKeys")
struct StorageKeyTests {
    typealias F = CompilationFixtures

    /// The storage key of the first root field, and of its first sub-field when `nested`.
    private func key(_ text: String, variables: JSONObject = [:], nested: Bool = false) throws -> String {
        let operation = try F.compile(text).operation(variables: variables)
        guard case .field(var field)? = operation.selectionSet.selections.first else {
            throw GraphQLCoreError(.validation, "no field")
        }
        if nested {
            guard case .field(let inner)? = field.selectionSet?.selections.first else {
                throw GraphQLCoreError(.validation, "no nested field")
            }
            field = inner
        }
        return field.storageKey(variables: operation.variables)
    }

    private func key(_ value: JSONValue) -> String {
        StorageKey.make(name: "f", arguments: [CompiledArgument(name: "a", value: .literal(value))], variables: [:])
    }

    @Test("an integral Float prints as the integer, also past 10^15, so 1.0 and 1 give one key")
    func integralDoubles() {
        #expect(key(.double(1.0)) == "f(a:1)")
        #expect(key(.double(1.0)) == key(.int(1)))
        #expect(key(.double(1e15)) == key(.int(1_000_000_000_000_000)))
        #expect(key(.double(9_007_199_254_740_992)) == key(.int(9_007_199_254_740_992)))
        #expect(key(.double(-0.0)) == "f(a:0)")
        #expect(key(.double(0.5)) == "f(a:0.5)")
        #expect(key([.double(2.0), ["x": .double(-3.0)]]) == #"f(a:[2,{"x":-3}])"#)
    }

    @Test("a Float inside an input object gives one key as a literal 1.0 and as a variable 1")
    func floatInInputObject() throws {
        let literal = try key(#"mutation { likePost(input: {postID: "p", weight: 1.0}) { id } }"#)
        let variable = try key(
            "mutation ($in: LikeInput!) { likePost(input: $in) { id } }",
            variables: ["in": ["postID": "p", "weight": 1]])
        #expect(literal == #"likePost(input:{"postID":"p","weight":1})"#)
        #expect(variable == literal)
    }

    @Test("a literal input object gets its fields' defaults, as a coerced variable does, so both share a key")
    func literalInputObjectDefaults() throws {
        let expected = #"feed(filter:{"order":"NEWEST","tags":["a"]})"#
        #expect(try key(#"{ feed(filter: {tags: ["a"]}) { id } }"#) == expected)
        #expect(
            try key("query ($f: FeedFilter) { feed(filter: $f) { id } }", variables: ["f": ["tags": ["a"]]])
                == expected)
        #expect(
            try key("query ($t: [String!]) { feed(filter: {tags: $t}) { id } }", variables: ["t": ["a"]]) == expected)
        #expect(try key(#"{ feed(filter: {tags: "a"}) { id } }"#) == expected)
    }

    @Test("an explicit null or a given value in an input object is kept, not replaced by the default")
    func explicitValuesKept() throws {
        #expect(try key("{ feed(filter: {order: null}) { id } }") == #"feed(filter:{"order":null})"#)
        #expect(try key("{ feed(filter: {order: OLDEST}) { id } }") == #"feed(filter:{"order":"OLDEST"})"#)
        #expect(
            try key("query ($o: Order) { feed(filter: {order: $o}) { id } }", variables: ["o": "OLDEST"])
                == #"feed(filter:{"order":"OLDEST"})"#)
    }

    @Test("input objects nested in lists and in each other get their defaults; arguments' own defaults do not")
    func nestedDefaults() throws {
        let sdl = """
            type Query { f(a: [In!], first: Int = 10): Int g(r: R): Int }
            input In { x: Int = 1 y: In }
            input R { n: R = {} }
            """
        let schema = try Schema(document: Document(parsing: sdl))
        func key(_ text: String) throws -> String {
            let operation = try CompiledDocument(text: text, schema: schema).operation()
            guard case .field(let field)? = operation.selectionSet.selections.first else { return "" }
            return field.storageKey(variables: operation.variables)
        }
        #expect(try key("{ f(a: [{y: {}}, {x: 2}]) }") == #"f(a:[{"x":1,"y":{"x":1}},{"x":2}])"#)
        #expect(try key("{ f(a: {}) }") == #"f(a:[{"x":1}])"#)
        // Argument defaults (`first: Int = 10`) are left out on both paths: the key names what was sent.
        #expect(try key("{ f }") == "f")
        // A default that holds its own type ends at the nesting limit instead of looping.
        #expect(try key("{ g(r: {}) }").hasPrefix(#"g(r:{"n":{"n":{"#))
    }

    @Test("an ID written as an Int literal is keyed as its string, as a variable of type ID is coerced")
    func idFromIntLiteral() throws {
        let literal = try key("{ post(id: 1) { id } }")
        #expect(literal == #"post(id:"1")"#)
        #expect(try key(#"{ post(id: "1") { id } }"#) == literal)
        #expect(try key("query ($id: ID!) { post(id: $id) { id } }", variables: ["id": 1]) == literal)
    }

    @Test("a single value where a list is expected is keyed as a list of one, as a variable is coerced")
    func singleValueInListPosition() throws {
        let literal = try key(#"{ feed(filter: {tags: "a", order: OLDEST}) { id } }"#)
        #expect(literal == #"feed(filter:{"order":"OLDEST","tags":["a"]})"#)
        #expect(
            try key(
                "query ($f: FeedFilter) { feed(filter: $f) { id } }",
                variables: ["f": ["tags": "a", "order": "OLDEST"]]) == literal)
        #expect(
            try key(#"query ($t: String!) { feed(filter: {tags: [$t], order: OLDEST}) { id } }"#, variables: ["t": "a"])
                == literal)
    }
}
