import GraphQLCore

/// The schema the compile and publish targets use: a small feed app with an interface, a union,
/// enums, input objects (one `@oneOf`) and a custom scalar, as the compilation tests' fixture.
public enum FuzzSchema {
    /// The schema's SDL.
    public static let sdl = """
        interface Node { id: ID! }
        type Query {
          node(id: ID!): Node
          feed(first: Int = 10, after: String, filter: FeedFilter): [Post!]!
          search(text: String!): [SearchResult!]!
          viewer: User
          post(id: ID!): Post
          postBy(ref: PostRef!): Post
          at(time: DateTime): DateTime
        }
        type Mutation { likePost(input: LikeInput!): Post }
        type Subscription { postLiked(id: ID!): Post }
        type Post implements Node { id: ID! title: String! body: String author: User! tags: [String!]! likes: Int! }
        type User implements Node {
          id: ID!
          name: String!
          avatar(size: Int = 64, format: ImageFormat): String
          posts(first: Int): [Post!]!
          friends: [User]
        }
        type Comment { text: String! }
        union SearchResult = Post | User | Comment
        enum ImageFormat { PNG JPEG }
        enum Order { NEWEST OLDEST }
        scalar DateTime
        input FeedFilter { tags: [String!] order: Order = NEWEST authorID: ID minLikes: Int since: DateTime }
        input LikeInput { postID: ID! weight: Float }
        input PostRef @oneOf { id: ID slug: String }
        """

    /// The schema, built once. The SDL is ours and valid; were it not, every target would report it
    /// on its first input.
    public static let schema: Schema? = try? Schema(sdl: sdl)
}
