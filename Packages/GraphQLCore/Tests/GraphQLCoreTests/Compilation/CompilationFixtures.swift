import GraphQLCore

/// The schema and helpers the compilation tests share: a small feed app with an interface, a union,
/// an id-less type, enums, input objects (one `@oneOf`) and a type keyed by another field.
enum CompilationFixtures {
    static let sdl = """
        interface Node { id: ID! }

        type Query {
          node(id: ID!): Node
          feed(first: Int = 10, after: String, filter: FeedFilter): [Post!]!
          search(text: String!): [SearchResult!]!
          viewer: User
          post(id: ID!): Post
          product(sku: String!): Product
          comments: [Comment!]!
          postBy(ref: PostRef!): Post
        }

        type Mutation { likePost(input: LikeInput!): Post }

        type Post implements Node {
          id: ID!
          title: String!
          body: String
          author: User!
          tags: [String!]!
          likes: Int!
        }

        type User implements Node {
          id: ID!
          name: String!
          avatar(size: Int = 64, format: ImageFormat): String
          posts(first: Int): [Post!]!
        }

        type Comment { text: String! }

        type Product { sku: String! name: String }

        union SearchResult = Post | User | Comment

        enum ImageFormat { PNG JPEG }

        enum Order { NEWEST OLDEST }

        scalar DateTime

        input FeedFilter {
          tags: [String!]
          order: Order = NEWEST
          authorID: ID
          minLikes: Int
          since: DateTime
        }

        input LikeInput { postID: ID! weight: Float }

        input PostRef @oneOf { id: ID slug: String }
        """

    static func schema() throws -> Schema {
        try Schema(document: Document(parsing: sdl))
    }

    /// Compiles `text` against the fixture schema (or none).
    static func compile(_ text: String, withSchema: Bool = true, options: CompilationOptions = CompilationOptions())
        throws -> CompiledDocument
    {
        try CompiledDocument(text: text, schema: withSchema ? schema() : nil, options: options)
    }

    /// A leaf field.
    static func leaf(_ name: String, alias: String? = nil) -> CompiledSelection {
        .field(CompiledField(responseKey: alias ?? name, name: name))
    }

    /// A field with sub-selections.
    static func object(
        _ name: String, alias: String? = nil, arguments: [CompiledArgument] = [], _ selections: [CompiledSelection]
    ) -> CompiledSelection {
        .field(
            CompiledField(
                responseKey: alias ?? name, name: name, arguments: arguments,
                selectionSet: CompiledSelectionSet(selections)))
    }
}
