import GraphQLCore
import StoreCore
import Testing

@Suite("Deferred fields in the parts of an incremental answer")
struct DeferredFieldTests {
    /// `{ viewer { id name ... @defer { bio friends { id name } } } }` as compiled.
    static let root = query([
        object(
            "viewer",
            [
                typename, leaf("id"), leaf("name"), deferred(leaf("bio")),
                deferred(object("friends", [typename, leaf("id"), leaf("name")])),
            ])
    ])

    static let initialPart: JSONValue = ["viewer": ["__typename": "User", "id": "1", "name": "Ada"]]
    static let wholeAnswer: JSONValue = [
        "viewer": [
            "__typename": "User", "id": "1", "name": "Ada", "bio": "Analyst",
            "friends": [["__typename": "User", "id": "2", "name": "Grace"]],
        ]
    ]

    @Test("the initial part, without the deferred fields, is written; the read misses only deferred fields")
    func initialPart() throws {
        let store = makeStore()
        let changed = try store.publish(Self.initialPart, to: Self.root)
        #expect(changed == [.root, "User:1"])
        let snapshot = store.lookup(Self.root)
        #expect(snapshot.data == Self.initialPart)
        #expect(snapshot.isMissingData)
        #expect(snapshot.missesOnlyDeferredFields)
    }

    @Test("the whole answer completes the read, and nothing is missing any more")
    func wholeAnswer() throws {
        let store = makeStore()
        try store.publish(Self.initialPart, to: Self.root)
        try store.publish(Self.wholeAnswer, to: Self.root)
        let snapshot = store.lookup(Self.root)
        #expect(snapshot.data == Self.wholeAnswer)
        #expect(!snapshot.isMissingData)
        #expect(!snapshot.missesOnlyDeferredFields)
    }

    @Test("a field that is not deferred is still required: the part is refused and nothing is written")
    func undeferredFieldRequired() throws {
        let store = makeStore()
        let part: JSONValue = ["viewer": ["__typename": "User", "id": "1", "bio": "Analyst"]]
        #expect(throws: StoreError.self) { try store.publish(part, to: Self.root) }
        #expect(store.recordCount == 0)
    }

    @Test("a part without a deferred field keeps what the store held for it")
    func absentDeferredFieldKeepsStoredValue() throws {
        let store = makeStore()
        try store.publish(Self.wholeAnswer, to: Self.root)
        try store.publish(["viewer": ["__typename": "User", "id": "1", "name": "Ada L."]], to: Self.root)
        let snapshot = store.lookup(Self.root)
        #expect(!snapshot.isMissingData)
        #expect(snapshot.data?["viewer"]?["bio"] == "Analyst")
        #expect(snapshot.data?["viewer"]?["name"] == "Ada L.")
    }

    @Test("data missing inside a deferred field that did arrive is missing data like any other")
    func missingUnderDeferredField() throws {
        let store = makeStore()
        try store.publish(Self.wholeAnswer, to: Self.root)
        let wider = query([
            object(
                "viewer",
                [
                    typename, leaf("id"), leaf("name"), deferred(leaf("bio")),
                    deferred(object("friends", [typename, leaf("id"), leaf("name"), leaf("email")])),
                ])
        ])
        let snapshot = store.lookup(wider)
        #expect(snapshot.isMissingData)
        #expect(!snapshot.missesOnlyDeferredFields)
    }
}
