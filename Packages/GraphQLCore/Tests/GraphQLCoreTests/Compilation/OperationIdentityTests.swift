import GraphQLCore
import Testing

@Suite("Compilation-Identity")
struct OperationIdentityTests {
    typealias F = CompilationFixtures
    static let text = "query Feed($n: Int, $after: String) { feed(first: $n, after: $after) { title } }"

    @Test("the same text and equal variables give one identity, across compilations")
    func sameIdentity() throws {
        let a = try F.compile(Self.text).operation(variables: ["n": 2, "after": "x"])
        let b = try F.compile(Self.text).operation(variables: ["n": 2, "after": "x"])
        #expect(a.identity == b.identity)
    }

    @Test("the order of the variables' keys does not change the identity")
    func keyOrderIrrelevant() throws {
        let document = try F.compile(Self.text)
        let a = try document.operation(variables: ["n": 2, "after": "x"])
        let b = try document.operation(variables: ["after": "x", "n": 2])
        #expect(a.identity == b.identity)
        let c = OperationIdentity(text: "q", variables: ["a": ["x": 1, "y": 2]])
        let d = OperationIdentity(text: "q", variables: ["a": ["y": 2, "x": 1]])
        #expect(c == d)
    }

    @Test("different variables give different identities")
    func differentVariables() throws {
        let document = try F.compile(Self.text)
        let a = try document.operation(variables: ["n": 2])
        let b = try document.operation(variables: ["n": 3])
        let c = try document.operation(variables: [:])
        #expect(a.identity != b.identity)
        #expect(a.identity != c.identity)
    }

    @Test("variables coerced to the same value give one identity")
    func coercionBeforeIdentity() throws {
        let document = try F.compile("query ($id: ID!) { post(id: $id) { title } }")
        #expect(
            try document.operation(variables: ["id": 42]).identity
                == document.operation(variables: ["id": "42"]).identity)
    }

    @Test("the identity is 128 bits of SHA-256, fixed for a given text and variables")
    func fixedValue() {
        let identity = OperationIdentity(text: "{ a }", variables: ["b": 1])
        #expect(identity.hash.count == 32)
        // Python: sha256(sha256(b"{ a }").digest() + b'{"b":1}').hexdigest()[:32]
        #expect(identity.hash == "65aad98c458f08fa40e514d59631d81f")
    }
}
