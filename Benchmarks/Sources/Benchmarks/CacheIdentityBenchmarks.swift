import Environment
import Foundation
import Primitives
import StoreCore

/// Cache identity from the schema (`docs/cache-identity.md`), each as a ratio to the same work
/// without it, measured in turns in the same run:
/// - normalizing the Items payload with `@typePolicy(keyFields: "id")` on `Item` and `User` against
///   the default `id` keys (the same records, through the key-field function instead of the default's
///   fast path): at most 1.1x;
/// - attaching a `@fieldPolicy`-redirected detail query to loaded, against attaching the same query
///   whose own answer is in the store: at most 1.2x.
func runCacheIdentityBenchmarks() async throws {
    try typePolicyNormalizeBenchmark()
    try redirectAttachBenchmark()
}

private let itemsSDL = """
    type Query { items: [Item!]! }
    type Item {
      id: ID! name: String! title: String! description: String! count: Int! score: Float! active: Boolean!
      owner: User!
    }
    type User { id: ID! name: String! }
    """

private func typePolicyNormalizeBenchmark() throws {
    let text = "{ items { __typename id name title description count score active owner { __typename id name } } }"
    let plain = try Schema(sdl: itemsSDL)
    let policed = try Schema(
        sdl: itemsSDL
            + "\nextend type Item @typePolicy(keyFields: \"id\")\nextend type User @typePolicy(keyFields: \"id\")")
    let plainRoot = StoreRoot(operation: try CompiledDocument(text: text, schema: plain).operation())
    let policedRoot = StoreRoot(operation: try CompiledDocument(text: text, schema: policed).operation())
    let data = try responseData(makeItemsPayload(count: 10_000))
    let (withPolicy, withID) = try alternatingMedians(samples: 9) {
        let store = Store(configuration: StoreConfiguration(keyFields: policed.keyFields))
        try store.publish(data, to: policedRoot)
        blackHole(store)
    } _: {
        let store = Store()
        try store.publish(data, to: plainRoot)
        blackHole(store)
    }
    report(
        "normalize Items, @typePolicy(keyFields: \"id\")", withPolicy, against: "the default id keys", withID,
        limit: 1.1)
}

private func redirectAttachBenchmark() throws {
    let schema = try Schema(
        sdl: """
            type Query { books: [Book!]! book(isbn: String!): Book }
            type Book { isbn: String! title: String! }
            extend type Book @typePolicy(keyFields: "isbn")
            extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn")
            """)
    let document = try CompiledDocument(
        text: """
            query Books { books { title } }
            query Detail($isbn: String!) { book(isbn: $isbn) { title } }
            """,
        schema: schema)
    let books: [JSONValue] = (0..<1_000).map {
        ["__typename": "Book", "isbn": .string("B\($0)"), "title": .string("Book \($0)")]
    }
    let detail = try document.operation(named: "Detail", variables: ["isbn": "B500"])
    func environment() throws -> GraphQLEnvironment {
        let environment = GraphQLEnvironment(schema: schema, transport: RefusingTransport())
        try environment.store.publish(
            ["books": .array(books)], to: StoreRoot(operation: try document.operation(named: "Books")))
        return environment
    }
    let redirected = try environment()
    let own = try environment()
    try own.store.publish(["book": books[500]], to: StoreRoot(operation: detail))

    let attaches = 2_000
    func attach(_ environment: GraphQLEnvironment) {
        for _ in 0..<attaches {
            let handle = environment.attach(detail, policy: .storeOrNetwork)
            guard case .loaded(let snapshot) = handle.phase else { fatalError("the detail loads at once") }
            blackHole(snapshot)
            handle.release()
        }
    }
    let (redirectTime, ownTime) = alternatingMedians(samples: 9) {
        attach(redirected)
    } _: {
        attach(own)
    }
    report(
        "attach to loaded, @fieldPolicy-redirected detail", redirectTime, against: "the detail's own answer", ownTime,
        limit: 1.2)
}

/// A transport the benchmark never reaches: every attach it measures loads from the store.
private struct RefusingTransport: Transport {
    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        fatalError("the redirect benchmark sent a request")
    }
}
