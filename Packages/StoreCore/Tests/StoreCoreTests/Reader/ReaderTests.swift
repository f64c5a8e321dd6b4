import Foundation
import GraphQLCore
import Primitives
import StoreCore
import Testing

@Suite("Reader")
struct ReaderTests {
    static let root = query(
        [
            leaf("avatar", alias: "small", ["size": .literal(32)]),
            object(
                "viewer",
                [
                    typename, leaf("id"), leaf("name", alias: "displayName"),
                    object("friends", arguments: ["first": .variable("n")], [typename, leaf("id"), leaf("name")]),
                ]),
            leaf("avatar", alias: "large", ["size": .literal(256)]),
        ], variables: ["n": 2])

    static let response: JSONValue = [
        "small": "s.png",
        "viewer": [
            "__typename": "User", "id": "1", "displayName": "Ada",
            "friends": [["__typename": "User", "id": "2", "name": "Grace"], nil],
        ],
        "large": "l.png",
    ]

    @Test("reading back gives the response exactly, response keys in selection order")
    func roundTrip() throws {
        let store = makeStore()
        try store.publish(Self.response, to: Self.root)
        let snapshot = store.lookup(Self.root)
        #expect(snapshot.data == Self.response)
        #expect(snapshot.data?.serializedString() == Self.response.serializedString())
        #expect(!snapshot.isMissingData)
    }

    @Test("the seen records are every record the read visited")
    func seenRecords() throws {
        let store = makeStore()
        try store.publish(Self.response, to: Self.root)
        #expect(store.lookup(Self.root).seenRecords == [.root, "User:1", "User:2"])
    }

    @Test("a read of many records, some linked twice and one absent, sees each record once")
    func seenRecordsOfManyRecords() throws {
        let now = WallInstant(nanosecondsSince1970: 1)
        // 40 users, each linked twice, and a link to a record the source does not hold: more
        // records than a read notes by scanning, so the positions are marked in a bit set.
        let users = (0..<40).map { DataID("User:\($0)") }
        let links = (users + users + ["User:absent"]).map { RecordValue.link($0) }
        var records = users.map {
            Record(
                dataID: $0, typename: "User",
                fields: ["id": .init(value: .scalar(.string($0.rawValue)), writtenAt: now)])
        }
        records.append(
            Record(dataID: .root, typename: nil, fields: ["users": .init(value: .links(links), writtenAt: now)]))
        let store = Store(source: InMemoryRecordSource(records: records))
        let snapshot = store.lookup(query([object("users", [leaf("id")])]))
        #expect(snapshot.seenRecords == Set(users + [.root, "User:absent"]))
        #expect(snapshot.isMissingData)
        let items = snapshot.data?["users"]?.arrayValue ?? []
        #expect(items.count == 81)
        #expect(items.first == ["id": "User:0"])
        #expect(items[40] == ["id": "User:0"])
    }

    @Test("a field never written is missing, and absent from its object, while null is data")
    func missingIsNotNull() throws {
        let store = makeStore()
        try store.publish(["a": nil], to: query([leaf("a")]))
        let snapshot = store.lookup(query([leaf("a"), leaf("b")]))
        #expect(snapshot.data == ["a": nil])
        #expect(snapshot.isMissingData)
        #expect(store.lookup(query([leaf("a")])).isMissingData == false)
    }

    @Test("reading from an empty store gives no data and missing data")
    func emptyStore() {
        let snapshot = makeStore().lookup(Self.root)
        #expect(snapshot.data == nil)
        #expect(snapshot.isMissingData)
        #expect(snapshot.seenRecords == [.root])
    }

    @Test("other variables read another storage key, which is missing until written")
    func variablesSelectStorageKeys() throws {
        let store = makeStore()
        try store.publish(Self.response, to: Self.root)
        var other = Self.root
        other.variables = ["n": 3]
        #expect(store.lookup(other).isMissingData)
    }

    @Test("a link to a record that does not exist is missing data")
    func danglingLink() throws {
        let store = makeStore()
        try store.publish(
            ["viewer": ["__typename": "User", "id": "1"]], to: query([object("viewer", [typename, leaf("id")])]))
        let snapshot = store.lookup(query([object("viewer", [typename, leaf("id")]), object("other", [leaf("id")])]))
        #expect(snapshot.isMissingData)
        let fragment = StoreRoot(dataID: "User:404", selectionSet: .init([leaf("id")]))
        #expect(store.lookup(fragment).isMissingData)
    }

    @Test("a fragment reads from its own record")
    func fragment() throws {
        let store = makeStore()
        try store.publish(Self.response, to: Self.root)
        let fragment = StoreRoot(dataID: "User:2", selectionSet: .init([leaf("name")]))
        let snapshot = store.lookup(fragment)
        #expect(snapshot.data == ["name": "Grace"])
        #expect(snapshot.seenRecords == ["User:2"])
    }

    @Test("type cases read only the fields of the matching type, merged in selection order")
    func typeCases() throws {
        let store = makeStore()
        let root = query([
            object(
                "search",
                [
                    typename, on("User", [leaf("id"), leaf("name")]),
                    on("Planet", [leaf("id"), leaf("diameter")]),
                    on("Named", possibleTypes: ["User", "Planet"], [leaf("name")]),
                ])
        ])
        let response: JSONValue = [
            "search": [
                ["__typename": "User", "id": "1", "name": "Ada"],
                ["__typename": "Planet", "id": "2", "diameter": 10, "name": "Mars"],
            ]
        ]
        try store.publish(response, to: root)
        #expect(store.lookup(root).data?.serializedString() == response.serializedString())
    }

    @Test("an object selected again under a type case reads with both selections merged")
    func mergedSubselections() throws {
        let store = makeStore()
        let root = query([
            object(
                "node",
                [
                    typename, object("owner", [typename, leaf("id")]),
                    on("Repo", [object("owner", [typename, leaf("id"), leaf("login")])]),
                ])
        ])
        let response: JSONValue = [
            "node": ["__typename": "Repo", "owner": ["__typename": "User", "id": "1", "login": "ada"]]
        ]
        try store.publish(response, to: root)
        #expect(store.lookup(root).data?.serializedString() == response.serializedString())
    }

    @Test("conditional selections read by the variables")
    func conditionals() throws {
        let store = makeStore()
        let selections: [CompiledSelection] = [leaf("id"), when("full", [leaf("bio")])]
        try store.publish(["id": "1", "bio": "b"], to: query(selections, variables: ["full": true]))
        #expect(store.lookup(query(selections, variables: ["full": false])).data == ["id": "1"])
        #expect(store.lookup(query(selections, variables: ["full": true])).data == ["id": "1", "bio": "b"])
    }

    @Test("a cycle in the records ends where the selection ends")
    func cycles() throws {
        let store = makeStore()
        let friend = object("friend", [typename, leaf("id")])
        let root = query([object("me", [typename, leaf("id"), object("friend", [typename, leaf("id"), friend])])])
        let response: JSONValue = [
            "me": [
                "__typename": "U", "id": "1",
                "friend": ["__typename": "U", "id": "2", "friend": ["__typename": "U", "id": "1"]],
            ]
        ]
        try store.publish(response, to: root)
        #expect(store.lookup(root).data == response)
    }

    struct Viewer: Decodable, Equatable {
        struct Friend: Decodable, Equatable {
            let id: String
            let name: String
        }
        let displayName: String
        let friends: [Friend?]
    }

    struct Query: Decodable, Equatable {
        let small: String
        let viewer: Viewer
    }

    @Test("a snapshot decodes into Decodable values by response keys")
    func decoding() throws {
        let store = makeStore()
        try store.publish(Self.response, to: Self.root)
        let decoded = try store.lookup(Self.root).decode(Query.self)
        #expect(decoded.viewer.displayName == "Ada")
        #expect(decoded.viewer.friends == [Viewer.Friend(id: "2", name: "Grace"), nil])
    }

    @Test("the data checker agrees with the reader on missing data")
    func checker() throws {
        let store = makeStore()
        #expect(store.check(Self.root).isMissingData)
        try store.publish(Self.response, to: Self.root)
        #expect(!store.check(Self.root).isMissingData)
        #expect(store.check(query([leaf("unwritten")])).isMissingData)
    }
}
