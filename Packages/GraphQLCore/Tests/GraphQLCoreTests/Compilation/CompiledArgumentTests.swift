import GraphQLCore
import Testing

@Suite("Compilation-Arguments")
struct CompiledArgumentTests {
    typealias F = CompilationFixtures

    private func firstField(_ text: String, variables: JSONObject = [:]) throws -> (CompiledField, GraphQLOperation) {
        let operation = try F.compile(text).operation(variables: variables)
        guard case .field(let field) = operation.selectionSet.selections.first else {
            throw GraphQLCoreError(.validation, "no field")
        }
        return (field, operation)
    }

    @Test("arguments are sorted by name, so argument order does not change the storage key")
    func argumentOrderCanonical() throws {
        let (a, _) = try firstField(#"{ feed(first: 2, after: "c") { id } }"#)
        let (b, _) = try firstField(#"{ feed(after: "c", first: 2) { id } }"#)
        #expect(a.storageKey(variables: [:]) == #"feed(after:"c",first:2)"#)
        #expect(a.storageKey(variables: [:]) == b.storageKey(variables: [:]))
    }

    @Test("variables are substituted in the storage key, and an absent one is left out")
    func variablesSubstituted() throws {
        let (field, operation) = try firstField(
            "query ($n: Int, $after: String) { feed(first: $n, after: $after) { id } }", variables: ["n": 5])
        #expect(
            field.arguments == [
                CompiledArgument(name: "after", value: .variable("after")),
                CompiledArgument(name: "first", value: .variable("n")),
            ])
        #expect(field.constantStorageKey == nil)
        #expect(field.storageKey(variables: operation.variables) == "feed(first:5)")
    }

    @Test("a variable's default value reaches the storage key")
    func defaultReachesStorageKey() throws {
        let (field, operation) = try firstField("query ($n: Int = 7) { feed(first: $n) { id } }")
        #expect(field.storageKey(variables: operation.variables) == "feed(first:7)")
    }

    @Test("enum literals become strings, numbers JSON numbers, and input objects print with sorted keys")
    func literalKinds() throws {
        let (field, _) = try firstField(
            #"{ feed(first: 3, filter: {tags: ["a", "b"], order: OLDEST, minLikes: 2}) { id } }"#)
        #expect(
            field.arguments.first { $0.name == "filter" }?.value
                == .literal(["tags": ["a", "b"], "order": "OLDEST", "minLikes": 2]))
        #expect(
            field.storageKey(variables: [:])
                == #"feed(filter:{"minLikes":2,"order":"OLDEST","tags":["a","b"]},first:3)"#)
    }

    @Test("a variable nested in an input object is substituted in place")
    func nestedVariable() throws {
        let (field, operation) = try firstField(
            "query ($tag: String!) { feed(filter: {tags: [$tag], order: NEWEST}) { id } }", variables: ["tag": "swift"])
        #expect(
            field.storageKey(variables: operation.variables) == #"feed(filter:{"order":"NEWEST","tags":["swift"]})"#)
    }

    @Test("float literals are JSON numbers; an integral float keys like the integer")
    func floatLiterals() throws {
        let operation = try F.compile(
            #"mutation { a: likePost(input: {postID: "1", weight: 2.0}) { id } b: likePost(input: {postID: "1", weight: 2}) { id } }"#
        ).operation()
        let keys = operation.selectionSet.selections.compactMap { selection -> String? in
            if case .field(let field) = selection { return field.storageKey(variables: [:]) }
            return nil
        }
        #expect(keys.count == 2)
        #expect(keys[0] == keys[1])
        #expect(keys[0] == #"likePost(input:{"postID":"1","weight":2})"#)
    }
}
