import Environment
import Foundation

/// Compiling a document and making an operation from it, against parsing the same text (the floor):
/// compilation runs once per document text, `operation(named:variables:)` once per attach.
func runCompilationBenchmarks() async throws {
    let schema = try Schema(document: Document(parsing: compilationBenchmarkSchema))
    let text = compilationBenchmarkDocument
    let rounds = 200

    let parse = try median {
        for _ in 0..<rounds { blackHole(try Document(parsing: text)) }
    }
    let compileWithoutSchema = try median {
        for _ in 0..<rounds { blackHole(try CompiledDocument(text: text)) }
    }
    // `validate` always validates; the compile after it finds the document in the schema's memo of
    // valid documents and does not validate again, as an app that validates first would see.
    let compileWithSchema = try median {
        for _ in 0..<rounds {
            let document = try Document(parsing: text)
            blackHole(validate(document, against: schema))
            blackHole(try CompiledDocument(document: document, schema: schema))
        }
    }
    let document = try CompiledDocument(text: text, schema: schema)
    let variables: JSONObject = ["first": 20, "filter": ["tags": ["swift", "graphql"], "minLikes": 3]]
    let makeOperation = try median {
        for _ in 0..<rounds { blackHole(try document.operation(variables: variables)) }
    }
    report("parse + compile, no schema (per document)", compileWithoutSchema, against: "parse", parse)
    report("parse + compile, with schema (per document)", compileWithSchema, against: "parse", parse)
    report("operation(variables:): coercion + identity (per attach)", makeOperation, against: "parse", parse)
}

private let compilationBenchmarkSchema = """
    interface Node { id: ID! }
    type Query { feed(first: Int = 10, filter: FeedFilter): [Post!]! node(id: ID!): Node }
    type Post implements Node { id: ID! title: String! body: String likes: Int! author: User! comments(first: Int): [Comment!]! }
    type User implements Node { id: ID! name: String! avatar(size: Int = 64): String followers(first: Int): [User!]! }
    type Comment implements Node { id: ID! text: String! author: User! }
    input FeedFilter { tags: [String!] minLikes: Int }
    """

private let compilationBenchmarkDocument = """
    query Feed($first: Int!, $filter: FeedFilter) @cacheExpiration(seconds: 60) {
      feed(first: $first, filter: $filter) {
        ...PostCard
        comments(first: 3) { text author { ...UserLine } }
      }
    }
    fragment PostCard on Post { title body likes author { ...UserLine followers(first: 5) { ...UserLine } } }
    fragment UserLine on User { name avatar(size: 48) }
    """
