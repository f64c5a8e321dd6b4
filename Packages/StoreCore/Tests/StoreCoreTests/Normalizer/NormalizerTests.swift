import GraphQLCore
import StoreCore
import Testing

@Suite("Normalizer")
struct NormalizerTests {
    @Test("root fields are stored on client:root under storage keys with variables substituted")
    func rootFieldsUseStorageKeys() throws {
        let store = makeStore()
        let root = query(
            [leaf("greeting", alias: "hello", ["name": .variable("who"), "loud": .literal(true)])],
            variables: ["who": "Ada"])
        try store.publish(["hello": "HI ADA"], to: root)
        let record = try #require(store.record(.root))
        #expect(record[#"greeting(loud:true,name:"Ada")"#] == .scalar("HI ADA"))
        #expect(record.fields.count == 1)
    }

    @Test("objects with an id become records keyed Type:id that their parent links to")
    func identifiedObjectsBecomeRecords() throws {
        let store = makeStore()
        let root = query([object("viewer", [typename, leaf("id"), leaf("name")])])
        try store.publish(["viewer": ["__typename": "User", "id": "1", "name": "Ada"]], to: root)
        #expect(store.record(.root)?["viewer"] == .link("User:1"))
        let user = try #require(store.record("User:1"))
        #expect(user.typename == "User")
        #expect(user["name"] == .scalar("Ada"))
        #expect(user["id"] == .scalar("1"))
    }

    @Test("integer ids make keys too")
    func integerIDs() throws {
        let store = makeStore()
        try store.publish(
            ["item": ["__typename": "Item", "id": 7]], to: query([object("item", [typename, leaf("id")])]))
        #expect(store.record(.root)?["item"] == .link("Item:7"))
    }

    @Test("key-less objects get client IDs from the parent, the storage key and the list index")
    func clientIDs() throws {
        let store = makeStore()
        let root = query([
            object("viewer", [typename, leaf("id"), object("address", [typename, leaf("city")])]),
            object("tags", arguments: ["first": .literal(2)], [typename, leaf("label")]),
        ])
        try store.publish(
            [
                "viewer": ["__typename": "User", "id": "1", "address": ["__typename": "Address", "city": "Paris"]],
                "tags": [["__typename": "Tag", "label": "a"], ["__typename": "Tag", "label": "b"]],
            ], to: root)
        #expect(store.record("User:1")?["address"] == .link("client:User:1:address"))
        #expect(store.record("client:User:1:address")?["city"] == .scalar("Paris"))
        #expect(
            store.record(.root)?["tags(first:2)"]
                == .links([.link("client:root:tags(first:2):0"), .link("client:root:tags(first:2):1")]))
        #expect(store.record("client:root:tags(first:2):1")?["label"] == .scalar("b"))
    }

    @Test("aliases of one field with different arguments are stored under separate storage keys")
    func aliasesWithArguments() throws {
        let store = makeStore()
        let root = query([
            leaf("avatar", alias: "small", ["size": .literal(32)]),
            leaf("avatar", alias: "large", ["size": .literal(256)]),
        ])
        try store.publish(["small": "s.png", "large": "l.png"], to: root)
        let record = try #require(store.record(.root))
        #expect(record["avatar(size:32)"] == .scalar("s.png"))
        #expect(record["avatar(size:256)"] == .scalar("l.png"))
    }

    @Test("the same object reached by two paths is merged into one record")
    func twoPathsMerge() throws {
        let store = makeStore()
        let root = query([
            object("viewer", [typename, leaf("id"), leaf("name")]),
            object("author", [typename, leaf("id"), leaf("email")]),
        ])
        try store.publish(
            [
                "viewer": ["__typename": "User", "id": "1", "name": "Ada"],
                "author": ["__typename": "User", "id": "1", "email": "ada@example.com"],
            ], to: root)
        let user = try #require(store.record("User:1"))
        #expect(user["name"] == .scalar("Ada"))
        #expect(user["email"] == .scalar("ada@example.com"))
        #expect(store.recordCount == 2)
    }

    @Test("lists of lists with nulls keep their shape as nested links")
    func listsOfLists() throws {
        let store = makeStore()
        let root = query([object("grid", [typename, leaf("id")])])
        try store.publish(
            ["grid": [[["__typename": "Cell", "id": "a"], nil], nil, []]], to: root)
        #expect(store.record(.root)?["grid"] == .links([.links([.link("Cell:a"), .null]), .null, .links([])]))
    }

    @Test("key-less objects in lists of lists get one index per list level")
    func nestedClientIDs() throws {
        let store = makeStore()
        try store.publish(
            [
                "grid": [
                    [["__typename": "Cell", "v": 1]],
                    [["__typename": "Cell", "v": 2], ["__typename": "Cell", "v": 3]],
                ]
            ],
            to: query([object("grid", [typename, leaf("v")])]))
        #expect(store.record("client:root:grid:1:1")?["v"] == .scalar(3))
    }

    @Test("type cases apply only when __typename is one of their possible types")
    func typeCases() throws {
        let store = makeStore()
        let root = query([
            object(
                "search",
                [
                    typename, leaf("id"),
                    on("Named", possibleTypes: ["User", "Planet"], [leaf("name")]),
                    on("User", [leaf("email")]),
                ])
        ])
        try store.publish(
            [
                "search": [
                    ["__typename": "User", "id": "1", "name": "Ada", "email": "a@x"],
                    ["__typename": "Planet", "id": "2", "name": "Mars"],
                    ["__typename": "Ship", "id": "3"],
                ]
            ], to: root)
        #expect(store.record("User:1")?["email"] == .scalar("a@x"))
        #expect(store.record("Planet:2")?["name"] == .scalar("Mars"))
        #expect(store.record("Planet:2")?["email"] == nil)
        #expect(store.record("Ship:3")?.fields.keys.sorted() == ["__typename", "id"])
    }

    @Test("@include and @skip apply by the variable's value, absent counting as false")
    func conditions() throws {
        let store = makeStore()
        let selections: [CompiledSelection] = [
            when("withBio", [leaf("bio")]), when("brief", skip: true, [leaf("details")]),
        ]
        try store.publish(["bio": "b", "details": "d"], to: query(selections, variables: ["withBio": true]))
        #expect(store.record(.root)?.fields.keys.sorted() == ["bio", "details"])

        let other = makeStore()
        try other.publish([:], to: query(selections, variables: ["brief": true]))
        #expect(other.record(.root)?.fields.isEmpty == true)
    }

    @Test("a publish reports the records whose values changed, and an equal value changes nothing")
    func changedRecords() throws {
        let store = makeStore()
        let root = query([object("viewer", [typename, leaf("id"), leaf("name")]), leaf("count")])
        let first = try store.publish(
            ["viewer": ["__typename": "User", "id": "1", "name": "Ada"], "count": 1], to: root)
        #expect(first == [.root, "User:1"])
        let same = try store.publish(
            ["viewer": ["__typename": "User", "id": "1", "name": "Ada"], "count": 1], to: root)
        #expect(same.isEmpty)
        let renamed = try store.publish(
            ["viewer": ["__typename": "User", "id": "1", "name": "Grace"], "count": 1], to: root)
        #expect(renamed == ["User:1"])
    }

    @Test("lists are replaced whole, not merged item by item")
    func listsReplaced() throws {
        let store = makeStore()
        let root = query([object("items", [typename, leaf("id")])])
        try store.publish(["items": [["__typename": "I", "id": "1"], ["__typename": "I", "id": "2"]]], to: root)
        try store.publish(["items": [["__typename": "I", "id": "3"]]], to: root)
        #expect(store.record(.root)?["items"] == .links([.link("I:3")]))
    }

    @Test("a key function for a typename decides that type's data IDs")
    func keyFunctions() throws {
        let store = Store(
            configuration: StoreConfiguration(keyFunctions: [
                "Book": { object in object["isbn"]?.stringValue.map { DataID("Book:isbn:" + $0) } }
            ]))
        let root = query([object("book", [typename, leaf("isbn"), leaf("id")])])
        try store.publish(["book": ["__typename": "Book", "isbn": "978", "id": "x"]], to: root)
        #expect(store.record(.root)?["book"] == .link("Book:isbn:978"))
    }

    @Test("leaf values keep lists and objects of custom scalars as they came")
    func scalarContainers() throws {
        let store = makeStore()
        try store.publish(["tags": ["a", "b"], "meta": ["k": [1, 2]]], to: query([leaf("tags"), leaf("meta")]))
        #expect(store.record(.root)?["tags"] == .scalar(["a", "b"]))
        #expect(store.record(.root)?["meta"] == .scalar(["k": [1, 2]]))
    }

    @Test("mutation and subscription roots are records of their own")
    func operationRoots() throws {
        let store = makeStore()
        let mutation = StoreRoot(dataID: .mutationRoot, selectionSet: .init([leaf("like")]))
        try store.publish(["like": true], to: mutation)
        #expect(store.record(.mutationRoot)?["like"] == .scalar(true))
        #expect(store.record(.root) == nil)
    }
}

@Suite("Normalizer-client IDs")
struct ClientIDTests {
    @Test("a key-less object under a record in a list is named from that record, not from the list above it")
    func clientIDsRestartAtEachRecord() throws {
        let store = makeStore()
        let address = object("address", [typename, leaf("city"), object("tags", [typename, leaf("v")])])
        try store.publish(
            [
                "users": [
                    ["__typename": "U", "id": "1", "address": ["__typename": "A", "city": "x", "tags": []]],
                    [
                        "__typename": "U", "id": "2",
                        "address": ["__typename": "A", "city": "y", "tags": [["__typename": "T", "v": 1]]],
                    ],
                ]
            ], to: query([object("users", [typename, leaf("id"), address])]))
        #expect(store.record("U:2")?["address"] == .link("client:U:2:address"))
        #expect(store.record("client:U:2:address")?["tags"] == .links([.link("client:U:2:address:tags:0")]))
    }
}
