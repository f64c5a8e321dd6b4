import Foundation
import GraphQLCore
import Testing

/// The code generated for `Inputs/Masked` (data masking on), compiled here: parents hand over
/// references and hold only their own fields; fragments carry the text the runtime compiles.
@Suite("masked generated code")
struct MaskedCodeTests {
    static let answer = """
        {"hero": {"__typename": "Droid", "id": "d1", "name": "R2-D2", "appearsIn": ["JEDI"],
                  "friends": [{"__typename": "Human", "id": "h1", "name": "Luke"}, null]},
         "search": [{"__typename": "Post", "id": "p1", "title": "Hello"},
                    {"__typename": "Droid", "id": "d1", "primaryFunction": "Astromech"}],
         "feed": [{"__typename": "Post", "id": "p1", "title": "Hello", "status": "UNKNOWN",
                   "type": {"__typename": "PostType", "name": "news"}},
                  {"__typename": "Post", "id": "p2", "title": "Bye", "status": "ARCHIVED", "type": null}]}
        """

    @Test("a masked spread decodes as a reference to its object, optional where it applies to fewer types")
    func references() throws {
        let data = try JSONDecoder().decode(MaskedHeroQuery.Data.self, from: Foundation.Data(Self.answer.utf8))
        let hero = try #require(data.hero)
        #expect(hero.heroCell == GraphQLFragmentReference<HeroCell>(typename: "Droid", id: "d1"))
        #expect(hero.friends?.first??.friendCell == GraphQLFragmentReference(typename: "Human", id: "h1"))
        #expect(data.search.map(\.searchPost) == [GraphQLFragmentReference(typename: "Post", id: "p1"), nil])
        #expect(data.search[1].asDroid?.primaryFunction == "Astromech")
    }

    @Test("a masked parent declares only the fields it selects itself, not those of the fragments it spreads")
    func parentFields() throws {
        // The structs are views of the answer object, so what masking hides is the properties: read
        // them from the generated source.
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Generated/Masked/MaskedHero.graphql.swift"),
            encoding: .utf8)
        func properties(of name: String) throws -> [String] {
            let start = try #require(source.range(of: "public struct \(name): "))
            let end = try #require(source.range(of: "\n    }\n", range: start.upperBound..<source.endIndex))
            return source[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                guard words.count > 2, words[0] == "public", words[1] == "var" else { return nil }
                return String(words[2].dropLast())
            }
        }
        // `__typename` and `id`, which the compiler added, are in the table and the object, not properties.
        #expect(try properties(of: "Hero") == ["name", "friends", "heroCell"])
        #expect(try properties(of: "Friends") == ["friendCell"])
        // And the decoded object keeps only those keys: the fragments' fields in the answer are dropped.
        let data = try JSONDecoder().decode(MaskedHeroQuery.Data.self, from: Foundation.Data(Self.answer.utf8))
        let hero = try #require(data.hero)
        #expect(Set(hero.__data.keys) == ["name", "friends", "__typename", "id"])
        let friend = try #require(hero.friends?.first ?? nil)
        #expect(Set(friend.__data.keys) == ["__typename", "id"])
    }

    @Test("a spread on a type without an id stays unmasked: its fields are merged and its view decodes")
    func unmaskedWithoutKey() throws {
        let data = try JSONDecoder().decode(MaskedHeroQuery.Data.self, from: Foundation.Data(Self.answer.utf8))
        #expect(data.feed[0].type?.postTypeName.name == "news")
        #expect(data.feed[0].type?.name == "news")
    }

    @Test("a fragment's data decodes what it reads: its fields and references to the fragments it spreads")
    func fragmentData() throws {
        let record = #"{"__typename": "Human", "id": "h1", "appearsIn": ["EMPIRE", null], "name": "Luke"}"#
        let cell = try JSONDecoder().decode(HeroCell.Data.self, from: Foundation.Data(record.utf8))
        #expect(cell.appearsIn == [.empire, nil])
        #expect(cell.friendCell == GraphQLFragmentReference(typename: "Human", id: "h1"))
        let friend = try JSONDecoder().decode(FriendCell.Data.self, from: Foundation.Data(record.utf8))
        #expect(friend.name == "Luke" && friend.__data["id"] == "h1")
    }

    @Test("a fragment's memberwise initializer takes its references, so a cell's preview needs no answer")
    func fragmentMemberwise() throws {
        let cell = HeroCell(
            appearsIn: [.jedi], __typename: "Droid", id: "d1", friendCell: .init(typename: "Droid", id: "d1"))
        let record = #"{"__typename": "Droid", "id": "d1", "appearsIn": ["JEDI"]}"#
        #expect(try JSONDecoder().decode(HeroCell.Data.self, from: Foundation.Data(record.utf8)) == cell)
    }

    @Test("a fragment's text is its sent form followed by the fragments it spreads, and compiles alone")
    func fragmentText() throws {
        let schema = try Schema(
            sdl: String(
                contentsOf: GeneratedCodeTests.inputs.appendingPathComponent("schema.graphqls"), encoding: .utf8))
        let sent = try CompiledDocument(text: MaskedHeroQuery.text, schema: schema).sentDefinitions()
        let definitions = ["HeroCell", "FriendCell"].compactMap { name in sent.fragments.first { $0.name == name } }
        #expect(HeroCell.text == Printer.printCompact(Document(definitions: definitions.map { .fragment($0) })))
        let alone = try CompiledDocument(text: HeroCell.text, schema: schema)
        #expect(Printer.printCompact(try alone.sentDefinitions()) == HeroCell.text)
        #expect(HeroCell.fragmentName == "HeroCell" && HeroCell.typeCondition == "Character")
        #expect(!FriendCell.text.contains("HeroCell"))
    }

    @Test("an enum with a value UNKNOWN decodes it as .unknown and keeps values not known here in __unknown")
    func unknownEnumValue() throws {
        let data = try JSONDecoder().decode(MaskedHeroQuery.Data.self, from: Foundation.Data(Self.answer.utf8))
        #expect(data.feed.map(\.status) == [.unknown, .__unknown("ARCHIVED")])
        #expect(data.feed.map { $0.status?.rawValue } == ["UNKNOWN", "ARCHIVED"])
        let encoded = try JSONValue(parsing: JSONEncoder().encode(data.feed.map(\.status)))
        #expect(jsonEqual(encoded, try JSONValue(parsing: #"["UNKNOWN", "ARCHIVED"]"#)))
    }
}
