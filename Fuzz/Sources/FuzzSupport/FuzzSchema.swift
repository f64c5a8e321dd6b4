import GraphQLCore

/// The schema the compile and publish targets use: a small reading app with an interface, a union,
/// enums, input objects (one `@oneOf`), a custom scalar and all three root types.
public enum FuzzSchema {
    /// The schema's SDL.
    public static let sdl = """
        interface Entity { id: ID! }
        type Query {
          shelf(limit: Int = 5, cursor: String, where: ShelfFilter): [Book!]!
          lookup(key: ID!): Entity
          find(term: String!): [Hit!]!
          me: Reader
          book(ref: BookRef!): Book
          clock(zone: Instant): Instant
        }
        type Mutation { rate(input: Rating!): Book }
        type Subscription { rated(key: ID!): Book }
        type Book implements Entity { id: ID! heading: String! blurb: String writer: Reader! labels: [String!]! stars: Int! }
        type Reader implements Entity {
          id: ID!
          handle: String!
          portrait(px: Int = 48, kind: Picture): String
          shelf(limit: Int): [Book!]!
          follows: [Reader]
        }
        type Note { words: String! }
        union Hit = Book | Reader | Note
        enum Picture { WEBP GIF }
        enum Sort { ASC DESC }
        scalar Instant
        input ShelfFilter { labels: [String!] sort: Sort = ASC writerKey: ID minStars: Int after: Instant }
        input Rating { bookKey: ID! score: Float }
        input BookRef @oneOf { key: ID isbn: String }
        """

    /// The schema, built once. The SDL is ours and valid; were it not, every target would report it
    /// on its first input.
    public static let schema: Schema? = try? Schema(sdl: sdl)
}
