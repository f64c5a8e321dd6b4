import Foundation
import GraphQLCore
import Testing

/// A selection written as the generator writes one with `@catch`:
/// `hero { name @catch friends @catch(to: NULL) { name } ... on Droid { name @catch primaryFunction @catch }
/// ...Extra @include(if: $extra) }` with `fragment Extra on Character { rank @catch }`.
private struct Hero: GraphQLSelection {
    static let __fields = GraphQLSelectionFields(
        "__typename:s !name:s !friends:[#0]? @1:Droid @?2", Friend.self, AsDroid.self, Extra.self)
    let __data: JSONObject
    var __typename: String { __field() }
    var name: Result<String, FieldError> { __caught() }
    var friends: [Friend]? { __caughtOrNil() }
    var asDroid: AsDroid? { __view(when: ["Droid"]) }
    var extra: Extra? { __viewIfValid() }

    struct Extra: GraphQLSelection {
        static let __fields = GraphQLSelectionFields("!rank:i")
        let __data: JSONObject
        var rank: Result<Int, FieldError> { __caught() }
    }

    struct Friend: GraphQLSelection {
        static let __fields = GraphQLSelectionFields("name:s !nick:s?")
        let __data: JSONObject
        var name: String { __field() }
        var nick: Result<String?, FieldError> { __caught() }
    }

    struct AsDroid: GraphQLSelection {
        static let __fields = GraphQLSelectionFields("!name:s !primaryFunction:s")
        let __data: JSONObject
        var name: Result<String, FieldError> { __caught() }
        var primaryFunction: Result<String, FieldError> { __caught() }
    }
}

@Suite("@catch in the decoding walk of a selection")
struct GraphQLSelectionCatchTests {
    private func decode(_ answer: JSONValue, errors: [FieldError]) throws -> Hero {
        var decoder = JSONValueDecoder()
        decoder.userInfo[FieldErrorCatcher.userInfoKey] = FieldErrorCatcher(errors)
        return try decoder.decode(Hero.self, from: answer)
    }

    @Test("an error is kept with the object it was caught in: each view of the object reads the same failure")
    func viewsAgree() throws {
        let nameError = FieldError(message: "no name", path: ["name"], extensions: ["code": "NAME"])
        let hero = try decode(
            ["__typename": "Droid", "name": nil, "friends": [], "primaryFunction": "Astromech"], errors: [nameError])
        #expect(hero.name == .failure(nameError))
        #expect(hero.asDroid?.name == .failure(nameError))
        #expect(hero.asDroid?.primaryFunction == .success("Astromech"))
        #expect(hero.friends?.isEmpty == true)
    }

    @Test("the nearest @catch takes an error: a deeper one first, else the one above where the null went")
    func nearest() throws {
        let nickError = FieldError(message: "no nick", path: ["friends", 0, "nick"])
        let friendError = FieldError(message: "no friend", path: ["friends", 1])
        let answer: JSONValue = [
            "__typename": "Human", "name": "Luke", "friends": [["name": "Leia", "nick": nil], nil],
        ]
        let hero = try decode(answer, errors: [nickError, friendError])
        #expect(hero.friends == nil)
        #expect(hero.name == .success("Luke"))
        let one = try decode(
            ["__typename": "Human", "name": "Luke", "friends": [["name": "Leia", "nick": nil]]], errors: [nickError])
        #expect(one.friends?.first?.nick == .failure(nickError))
        #expect(one.friends?.first?.name == "Leia")
    }

    @Test("a spread under @include catches its own fields' errors when its fields are there, else it is nil")
    func conditionalView() throws {
        let rankError = FieldError(message: "no rank", path: ["rank"])
        let hero = try decode(
            ["__typename": "Human", "name": "Luke", "friends": nil, "rank": nil], errors: [rankError])
        #expect(hero.extra?.rank == .failure(rankError))
        let without = try decode(["__typename": "Human", "name": "Luke", "friends": nil], errors: [rankError])
        #expect(without.extra == nil)
        let clean = try decode(["__typename": "Human", "name": "Luke", "friends": nil, "rank": 3], errors: [])
        #expect(clean.extra?.rank == .success(3))
    }

    @Test("a null with no error under it is a decoding error, as without @catch")
    func nullWithoutError() {
        #expect(throws: DecodingError.self) {
            try decode(["__typename": "Human", "name": nil, "friends": nil], errors: [])
        }
    }

    @Test("an object encodes back as the answer had it, without what decoding recorded")
    func encodesBack() throws {
        let nickError = FieldError(message: "no nick", path: ["friends", 0, "nick"])
        let answer: JSONValue = [
            "__typename": "Human", "name": nil, "friends": [["name": "Leia", "nick": nil]],
        ]
        let hero = try decode(answer, errors: [FieldError(message: "no name", path: ["name"]), nickError])
        #expect(try JSONValue(parsing: JSONEncoder().encode(hero)) == answer)
        #expect(try JSONValue(parsing: JSONEncoder().encode(hero.friends?.first)) == ["name": "Leia", "nick": nil])
    }
}
