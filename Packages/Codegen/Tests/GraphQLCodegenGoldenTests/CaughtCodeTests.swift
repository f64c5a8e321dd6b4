import Foundation
import GraphQLCore
import Testing

/// The generated `@catch` properties (`Catch.graphql`), compiled and decoded with the field errors
/// in the decoder's `userInfo`, as the runtime decodes a snapshot with errors.
@Suite("generated @catch code")
struct CaughtCodeTests {
    private func decode<Data: Decodable>(_ type: Data.Type, _ answer: JSONValue, errors: [FieldError]) throws -> Data {
        var decoder = JSONValueDecoder()
        decoder.userInfo[FieldErrorCatcher.userInfoKey] = FieldErrorCatcher(errors)
        return try decoder.decode(Data.self, from: answer)
    }

    @Test("an error at a RESULT field is its failure and one at a NULL field makes it nil; the rest decodes")
    func fieldLevel() throws {
        let nameError = FieldError(message: "no name", path: ["hero", "name"], extensions: ["code": "NAME"])
        let friendsError = FieldError(message: "no friends", path: ["hero", "friends"])
        let data = try decode(
            CaughtHeroQuery.Data.self,
            ["hero": ["__typename": "Droid", "id": "d1", "name": nil, "friends": nil, "primaryFunction": "Astromech"]],
            errors: [nameError, friendsError])
        let hero = try #require(data.hero)
        #expect(hero.name == .failure(nameError))
        #expect(hero.friends == nil)
        #expect(hero.asDroid?.name == .failure(nameError))
        #expect(hero.asDroid?.primaryFunction == .success("Astromech"))
    }

    @Test("an error below a field without @catch (a friend's non-null name) goes up to the nearest @catch")
    func nearestCatch() throws {
        let error = FieldError(message: "no name", path: ["hero", "friends", 1])
        let data = try decode(
            CaughtHeroQuery.Data.self,
            [
                "hero": [
                    "__typename": "Human", "id": "h1", "name": "Luke",
                    "friends": [["__typename": "Human", "id": "h2", "name": "Leia"], nil],
                ]
            ],
            errors: [error])
        #expect(data.hero?.name == .success("Luke"))
        #expect(data.hero?.friends == nil)
        // Without the error the same data is a friend and a null: nothing to catch.
        let clean = try decode(
            CaughtHeroQuery.Data.self,
            [
                "hero": [
                    "__typename": "Human", "id": "h1", "name": "Luke",
                    "friends": [["__typename": "Human", "id": "h2", "name": "Leia"], nil],
                ]
            ],
            errors: [])
        #expect(clean.hero?.friends?.count == 2)
    }

    @Test(
        "an operation's @catch(to: NULL) is the default of its fields; a field's own @catch wins; a missing key is nil"
    )
    func operationDefault() throws {
        let titleError = FieldError(message: "no title", path: ["feed", 0, "title"])
        let tagsError = FieldError(message: "no tags", path: ["feed", 1, "tags", 0])
        let data = try decode(
            CaughtFeedQuery.Data.self,
            [
                "feed": [
                    ["__typename": "Post", "id": "p1", "title": nil, "tags": [["a"]]],
                    ["__typename": "Post", "id": "p2", "title": "Two", "tags": [nil]],
                ]
            ],
            errors: [titleError, tagsError])
        let feed = try #require(data.feed)
        #expect(feed[0].title == nil)
        #expect(feed[0].tags == .success([["a"]]))
        #expect(feed[1].title == "Two")
        #expect(feed[1].tags == .failure(tagsError))
        let withoutTags = try decode(
            CaughtFeedQuery.Data.self, ["feed": [["__typename": "Post", "id": "p1", "title": "One"]]], errors: [])
        #expect(withoutTags.feed?.first?.tags == nil)
    }

    @Test("a caught value encodes back as the answer had it: the value, or null for the error")
    func encodes() throws {
        let error = FieldError(message: "no name", path: ["hero", "name"])
        let data = try decode(
            CaughtHeroQuery.Data.self,
            ["hero": ["__typename": "Human", "id": "h1", "name": nil, "friends": nil]], errors: [error])
        let encoded = try JSONValue(parsing: JSONEncoder().encode(data))
        #expect(encoded["hero"]?["name"] == .null)
        #expect(encoded["hero"]?["friends"] == .null)
        let fine = CaughtHeroQuery.Data(hero: .init(name: .success("Luke"), __typename: "Human", id: "h1"))
        #expect(try JSONValue(parsing: JSONEncoder().encode(fine))["hero"]?["name"] == "Luke")
    }
}
