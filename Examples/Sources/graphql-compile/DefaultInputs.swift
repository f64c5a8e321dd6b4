/// The schema and document `graphql-compile` uses when it is given no files: a small app with a feed
/// of posts and their authors, a fragment, a variable and `@cacheExpiration`.
enum DefaultInputs {
    static let schema = """
        interface Node { id: ID! }

        type Query {
          feed(first: Int = 20, after: String): [Post!]!
          node(id: ID!): Node
          viewer: User
        }

        type Post implements Node {
          id: ID!
          title: String!
          body: String
          publishedAt: DateTime!
          author: User!
        }

        type User implements Node {
          id: ID!
          name: String!
          avatar(size: Int = 64): String
        }

        scalar DateTime
        """

    static let document = """
        query Feed($first: Int = 10, $withBody: Boolean = false) @cacheExpiration(seconds: 300) {
          feed(first: $first) {
            ...PostCard
            body @include(if: $withBody)
          }
        }

        fragment PostCard on Post {
          title
          publishedAt
          author {
            ...AuthorLine
          }
        }

        fragment AuthorLine on User {
          name
          avatar(size: 48)
        }
        """
}
