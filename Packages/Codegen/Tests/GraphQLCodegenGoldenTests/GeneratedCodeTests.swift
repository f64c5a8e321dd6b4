import Foundation
import GraphQLCore
import Testing

/// The golden files are compiled here, so these tests check that the generated code builds in Swift 6
/// mode and behaves: decoding an answer, the accessors, encoding back, the variables' three states.
@Suite("generated code")
struct GeneratedCodeTests {
    private func roundTrip<Data: Codable & Equatable>(_ type: Data.Type, _ answer: String) throws -> Data {
        let decoded = try JSONDecoder().decode(Data.self, from: Foundation.Data(answer.utf8))
        let encoded = try JSONEncoder().encode(decoded)
        #expect(jsonEqual(try JSONValue(parsing: encoded), try JSONValue(parsing: answer)))
        #expect(try JSONDecoder().decode(Data.self, from: encoded) == decoded)
        return decoded
    }

    @Test("a union's answer decodes into a struct per object type, a fragment view and an interface view")
    func unionAnswer() throws {
        let data = try roundTrip(
            SearchQuery.Data.self,
            """
            {"search": [
              {"__typename": "Human", "name": "Luke", "id": "h1", "height": 1.72},
              {"__typename": "Post", "title": "Hello", "id": "p1"},
              {"__typename": "Droid", "name": "R2-D2", "id": "d1"},
              {"__typename": "Starship"}
            ]}
            """)
        #expect(data.search.count == 4)
        #expect(data.search[0].asHuman?.height == 1.72)
        #expect(data.search[0].asCharacter?.name == "Luke")
        #expect(data.search[0].asPost == nil)
        #expect(data.search[1].postBits?.title == "Hello")
        #expect(data.search[2].asDroid?.name == "R2-D2")
        #expect(data.search[2].asCharacter?.asHuman == nil)
        // A type the schema gains later decodes with every type condition nil.
        #expect(data.search[3].__typename == "Starship")
        #expect(data.search[3].asCharacter == nil && data.search[3].asHuman == nil)
    }

    @Test("fields merge from fragments, an @include field may be missing, and enums keep unknown values")
    func mergedAndConditional() throws {
        let data = try roundTrip(
            HeroQuery.Data.self,
            """
            {"hero": {"__typename": "Droid", "id": "d1", "name": "R2-D2", "appearsIn": ["NEW_HOPE", null, "HOLIDAY_SPECIAL"],
             "friends": [{"__typename": "Human", "id": "h1", "name": "Luke"}, null], "primaryFunction": null}}
            """)
        let hero = try #require(data.hero)
        #expect(hero.appearsIn == [.newHope, nil, .unknown("HOLIDAY_SPECIAL")])
        #expect(hero.characterBits.friends?.first??.id == "h1")
        #expect(hero.asDroid?.primaryFunction == nil)
        #expect(hero.asDroid?.friends?.first??.name == "Luke")
        let without = try roundTrip(
            HeroQuery.Data.self,
            """
            {"hero": {"__typename": "Human", "id": "h1", "name": "Luke", "appearsIn": [], "friends": null}}
            """)
        #expect(without.hero?.friends == .some(nil))
    }

    @Test("an answer to the document as written, without the __typename and id the compiler added, decodes")
    func answerToTheWrittenDocument() throws {
        // As a fixture, a mock or GraphiQL gives it: only the fields the app wrote.
        let feed = try JSONDecoder().decode(
            FeedQuery.Data.self,
            from: Data(
                #"""
                {"feed": [{"title": "Hi", "c": "Hi", "decoder": "Hi", "createdAt": "2024-01-01", "default": null,
                 "type": {"name": "news"}, "tags": null}], "small": [[1]]}
                """#.utf8))
        // On an object type `__typename` is the type's name; an added key field is no property (and the
        // answer lacks it).
        #expect(feed.feed[0].__typename == "Post" && feed.feed[0].__data["id"] == nil)
        #expect(feed.feed[0].type?.__typename == "PostType")
        #expect(feed.feed[0].title == "Hi")
        // On an interface the type is unknown: empty, and no type condition applies.
        let hero = try JSONDecoder().decode(
            HeroQuery.Data.self,
            from: Data(#"{"hero": {"name": "R2-D2", "appearsIn": [], "friends": [{"id": "h1", "name": "Luke"}]}}"#.utf8)
        )
        #expect(hero.hero?.__typename == "" && hero.hero?.__data["id"] == nil && hero.hero?.asDroid == nil)
        #expect(hero.hero?.characterBits.friends?.first??.id == "h1")
        // The server's answer, with them, decodes as before and encodes back to itself.
        let served = try roundTrip(
            FeedQuery.Data.self,
            """
            {"feed": [{"__typename": "Post", "id": "p1", "title": "Hi", "c": "Hi", "decoder": "Hi",
             "createdAt": "2024-01-01", "default": null, "type": {"__typename": "PostType", "name": "news"},
             "tags": null}], "small": [[1]]}
            """)
        #expect(served.feed[0].__typename == "Post" && served.feed[0].__data["id"] == "p1")
    }

    @Test("aliases, keywords, lists of lists and custom scalars decode as declared")
    func feedAnswer() throws {
        // `c` and `decoder` are also the names of the generated coding's own locals.
        let data = try roundTrip(
            FeedQuery.Data.self,
            """
            {"feed": [{"__typename": "Post", "id": "p1", "title": "T", "c": "C", "decoder": "D",
              "createdAt": "2026-01-01T00:00:00Z",
              "default": null, "type": {"__typename": "PostType", "name": "news"}, "tags": [["a", null], null]}],
             "small": [[1, null], []]}
            """)
        #expect(data.feed[0].default == nil)
        #expect(data.feed[0].c == "C" && data.feed[0].decoder == "D")
        #expect(data.feed[0].type?.name == "news")
        #expect(data.feed[0].tags == [["a", nil], nil])
        #expect(data.small == [[1, nil], []])
    }

    @Test("a nullable field missing from the answer is an error, not null")
    func missingNullable() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                FeedQuery.Data.self,
                from: Foundation.Data(
                    #"{"feed": [{"__typename": "Post", "id": "p1", "title": "T", "createdAt": "x", "tags": null}], "small": []}"#
                        .utf8))
        }
    }

    @Test("variables leave absent inputs out, write null for null, and encode input objects and enums")
    func variables() throws {
        let query = FeedQuery(
            first: 10, after: .null,
            filter: .some(GraphQLSchema.FeedFilter(authors: .some(["u1"]), episode: .some(.empire), and: .some([]))))
        let json = try JSONValue(parsing: JSONEncoder().encode(query.variables))
        let expected = try JSONValue(
            parsing: #"{"first": 10, "after": null, "filter": {"authors": ["u1"], "episode": "EMPIRE", "and": []}}"#)
        #expect(jsonEqual(json, expected))
        let mutation = CreatePostMutation(input: GraphQLSchema.CreatePostInput(title: "Hi", publishedAt: .some("2026")))
        let input = try JSONValue(parsing: JSONEncoder().encode(mutation.variables))
        #expect(jsonEqual(input, try JSONValue(parsing: #"{"input": {"title": "Hi", "publishedAt": "2026"}}"#)))
    }

    @Test("the text is the compiler's and the digest is its SHA-256")
    func textAndDigest() throws {
        let schema = try Schema(
            sdl: String(contentsOf: Self.inputs.appendingPathComponent("schema.graphqls"), encoding: .utf8))
        let source = try String(contentsOf: Self.inputs.appendingPathComponent("Hero.graphql"), encoding: .utf8)
        let operation = try CompiledDocument(text: source, schema: schema).operation(
            named: "Hero", variables: ["withFriends": .bool(true)])
        #expect(HeroQuery.text == operation.text)
        #expect(HeroQuery.textDigest == DocumentDigest.sha256Hex(HeroQuery.text))
        #expect(HeroQuery.operationKind == .query && HeroQuery.operationName == "Hero")
        #expect(CreatePostMutation.operationKind == .mutation)
        #expect(HeroQuery.cacheExpiration == operation.cacheExpiration && HeroQuery.cacheExpiration == .seconds(60))
        #expect(CreatePostMutation.cacheExpiration == nil)
    }

    @Test("a fragment's text is the compiler's sent form of it, and compiles alone to the same text")
    func fragmentText() throws {
        let schema = try Schema(
            sdl: String(contentsOf: Self.inputs.appendingPathComponent("schema.graphqls"), encoding: .utf8))
        let source = try String(contentsOf: Self.inputs.appendingPathComponent("Hero.graphql"), encoding: .utf8)
        let sent = try CompiledDocument(text: source, schema: schema).sentDefinitions()
        let fragment = try #require(sent.fragments.first { $0.name == "CharacterBits" })
        #expect(CharacterBits.text == Printer.printCompact(Document(definitions: [.fragment(fragment)])))
        let alone = try CompiledDocument(text: CharacterBits.text, schema: schema)
        #expect(Printer.printCompact(try alone.sentDefinitions()) == CharacterBits.text)
        #expect(try alone.fragment(named: "CharacterBits").typeCondition == "Character")
        #expect(CharacterBits.fragmentName == "CharacterBits" && CharacterBits.typeCondition == "Character")
        #expect(PostBits.text.hasPrefix("fragment PostBits on Post{"))
    }

    @Test("Data built with its memberwise initializers, as a preview would, encodes to the answer it stands for")
    func memberwise() throws {
        let data = FeedQuery.Data(
            feed: [
                .init(
                    title: "T", c: "T", decoder: "T", createdAt: "2026-01-01T00:00:00Z",
                    type: .init(name: "news", __typename: "PostType"), __typename: "Post", id: "p1")
            ],
            small: [[1, nil]])
        let expected = """
            {"feed": [{"title": "T", "c": "T", "decoder": "T", "createdAt": "2026-01-01T00:00:00Z", "default": null,
                       "tags": null,
                       "type": {"name": "news", "__typename": "PostType"}, "__typename": "Post", "id": "p1"}],
             "small": [[1, null]]}
            """
        #expect(jsonEqual(try JSONValue(parsing: JSONEncoder().encode(data)), try JSONValue(parsing: expected)))
        #expect(try JSONDecoder().decode(FeedQuery.Data.self, from: Foundation.Data(expected.utf8)) == data)
    }

    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")
}
