import Environment

/// The schema and operations the tests attach, compiled once.
enum Operations {
    static let sdl = """
        type Query {
          item(id: ID!): Item
          feed: [Item!]!
          viewer: User
        }
        type Item { id: ID! title: String! count: Int }
        type User { id: ID! name: String! bestFriend: User }
        type Mutation { unfriend: User rename(id: ID!, title: String!): Item! }
        type Subscription { itemUpdated(id: ID!): Item! }
        """

    static let text = """
        query Item($id: ID!) { item(id: $id) { title } }
        query ItemDetail($id: ID!) { item(id: $id) { title count } }
        query DayItem($id: ID!) @cacheExpiration(seconds: 86400) { item(id: $id) { title } }
        query HourItem($id: ID!) @cacheExpiration(seconds: 3600) { item(id: $id) { title } }
        query Feed { feed { title } }
        query Viewer { viewer { name bestFriend { name } } }
        mutation Unfriend { unfriend { bestFriend { id } } }
        mutation Rename($id: ID!, $title: String!) { rename(id: $id, title: $title) { title } }
        subscription ItemUpdated($id: ID!) { itemUpdated(id: $id) { title } }
        """

    static let schema: Schema = {
        do {
            return try Schema(sdl: sdl)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(text: text, schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func operation(_ name: String, variables: JSONObject = [:]) throws -> GraphQLOperation {
        try document.operation(named: name, variables: variables)
    }

    static func item(_ id: String, operation name: String = "Item") throws -> GraphQLOperation {
        try operation(name, variables: ["id": .string(id)])
    }

    /// The data of `Item` (or `DayItem`, `HourItem`) for item `id`.
    static func itemData(_ id: String, title: String) -> JSONValue {
        ["item": ["__typename": "Item", "id": .string(id), "title": .string(title)]]
    }

    /// The data of `ItemDetail` for item `id`.
    static func itemDetailData(_ id: String, title: String, count: Int) -> JSONValue {
        ["item": ["__typename": "Item", "id": .string(id), "title": .string(title), "count": .int(count)]]
    }
}
