import Primitives
import Testing

@testable import Environment

/// A handle read as a Swift type: the phase carries the decoded data, decoded once per change.
@Suite("Typed handles", .timeLimit(.minutes(3)))
struct TypedHandleTests {
    /// `Item`'s data.
    struct ItemData: Decodable, Sendable, Equatable {
        struct Item: Decodable, Sendable, Equatable { var title: String }
        var item: Item?

        init(title: String) { item = Item(title: title) }
    }

    /// `Item`'s data, counting how often a value of it is decoded: used by one test only, so that
    /// tests running beside it do not count.
    struct CountedItemData: Decodable, Sendable, Equatable {
        var item: ItemData.Item?

        static let decodes = Locked(0)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            item = try container.decodeIfPresent(ItemData.Item.self, forKey: .item)
            Self.decodes.withLock { $0 += 1 }
        }

        init(title: String) { item = ItemData.Item(title: title) }

        private enum CodingKeys: String, CodingKey { case item }
    }

    /// A model that asks for a field `Item` does not select.
    struct DetailData: Decodable, Sendable {
        struct Item: Decodable, Sendable { var title: String, count: Int }
        var item: Item
    }

    @Test("the phase carries the decoded data, decoded once per change however often it is read")
    func decodedOncePerChange() async throws {
        let fixture = Fixture()
        let operation = try Operations.item("1")
        fixture.answer(operation, with: Operations.itemData("1", title: "one"))
        let handle = fixture.environment.attach(operation, as: CountedItemData.self)
        _ = try await handle.handle.loaded()
        let before = CountedItemData.decodes.withLock { $0 }
        for _ in 0..<100 { #expect(handle.data == CountedItemData(title: "one")) }
        #expect(CountedItemData.decodes.withLock { $0 } == before + 1)

        try fixture.publish(Operations.itemData("1", title: "two"), for: operation)
        #expect(handle.data == CountedItemData(title: "two"))
        #expect(handle.phase.data == CountedItemData(title: "two"))
        #expect(CountedItemData.decodes.withLock { $0 } == before + 2)
        #expect(fixture.transport.requestCount == 1)
    }

    @Test("the typed phases are the untyped ones decoded, in order")
    func phases() async throws {
        let fixture = Fixture()
        let operation = try Operations.item("1")
        fixture.transport.hold(.identity(operation.identity))
        fixture.answer(operation, with: Operations.itemData("1", title: "one"))
        let handle = fixture.environment.attach(operation, as: ItemData.self)
        var iterator = handle.phases.makeAsyncIterator()
        #expect(await iterator.next()?.description == "loading")
        fixture.transport.releaseAll()
        #expect(await iterator.next()?.data == ItemData(title: "one"))
        try fixture.publish(Operations.itemData("1", title: "two"), for: operation)
        #expect(await iterator.next()?.data == ItemData(title: "two"))
        handle.release()
        #expect(await iterator.next() == nil)
        #expect(handle.isReleased && handle.handle.isReleased)
    }

    @Test("data that does not fit the type fails the typed phase with dataMismatch; the untyped handle is loaded")
    func mismatch() async throws {
        let fixture = Fixture()
        let operation = try Operations.item("1")
        fixture.answer(operation, with: Operations.itemData("1", title: "secret title"))
        let handle = fixture.environment.attach(operation, as: DetailData.self)
        _ = try await handle.handle.loaded()
        let error = try #require(handle.phase.error as? HandleError)
        #expect(error.code == .dataMismatch)
        #expect(error.message.contains("`count`"))
        #expect(error.message.contains("item"))
        #expect(!error.message.contains("secret"))
        await #expect(throws: HandleError.self) { try await handle.loaded() }
        #expect(handle.handle.phase.snapshot != nil)
    }

    @Test("refetch returns the new data once it is written; a fetch error stays the untyped one")
    func refetch() async throws {
        let fixture = Fixture()
        let operation = try Operations.item("1")
        fixture.answer(operation, with: Operations.itemData("1", title: "one"))
        let handle = fixture.environment.attach(operation, as: ItemData.self)
        _ = try await handle.loaded()
        fixture.answer(operation, with: Operations.itemData("1", title: "two"))
        #expect(try await handle.refetch() == ItemData(title: "two"))
        #expect(fixture.transport.requestCount == 2)
    }
}

/// A mutation's answer and a subscription's events read as Swift types.
@Suite("Typed mutations and subscription events", .timeLimit(.minutes(3)))
struct TypedCommitAndEventsTests {
    struct RenameData: Decodable, Sendable, Equatable {
        struct Item: Decodable, Sendable, Equatable { var title: String }
        var rename: Item
    }

    struct UpdateData: Decodable, Sendable, Equatable {
        struct Item: Decodable, Sendable, Equatable { var title: String }
        var itemUpdated: Item
    }

    @Test("commit(as:) returns the answer's data typed, after writing it; one request")
    func typedCommit() async throws {
        let fixture = Fixture()
        let rename = try Operations.operation("Rename", variables: ["id": "1", "title": "new"])
        fixture.answer(rename, with: ["rename": ["__typename": "Item", "id": "1", "title": "new"]])
        let data = try await fixture.environment.commit(rename, as: RenameData.self)
        #expect(data == RenameData(rename: .init(title: "new")))
        #expect(fixture.store.record("Item:1")?["title"] == .scalar("new"))
        #expect(fixture.transport.requestCount == 1)
    }

    @Test("commit(as:) into a type that does not fit: the data is written, and dataMismatch names where")
    func typedCommitMismatch() async throws {
        let fixture = Fixture()
        let rename = try Operations.operation("Rename", variables: ["id": "1", "title": "new"])
        fixture.answer(rename, with: ["rename": ["__typename": "Item", "id": "1", "title": "new"]])
        let error = await #expect(throws: HandleError.self) {
            try await fixture.environment.commit(rename, as: UpdateData.self)
        }
        #expect(error?.code == .dataMismatch)
        #expect(error?.message.contains("`itemUpdated`") == true)
        #expect(fixture.store.record("Item:1")?["title"] == .scalar("new"))
    }

    @Test("events(as:) yields each event typed, in order")
    func typedEvents() async throws {
        let fixture = Fixture()
        let updates = try Operations.operation("ItemUpdated", variables: ["id": "1"])
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let subscription = fixture.environment.subscribe(updates)
        var events = subscription.events(as: UpdateData.self).makeAsyncIterator()
        _ = await fixture.transport.request(at: 0)
        for title in ["v1", "v2"] {
            fixture.transport.send(
                GraphQLResponse(data: ["itemUpdated": ["__typename": "Item", "id": "1", "title": .string(title)]]),
                toRequestAt: 0)
            #expect(try await events.next() == UpdateData(itemUpdated: .init(title: title)))
        }
        subscription.cancel()
        #expect(try await events.next() == nil)
    }
}

/// Operations as `graphql-codegen` generates them: the text as sent, the variables and data typed.
@Suite("Generated operations in the runtime", .timeLimit(.minutes(3)))
struct TypedOperationTests {
    /// `query Item($id: ID!) { item(id: $id) { title } }` as the generator writes it: the text as
    /// sent (with `__typename` and `id`), the data as the app's document selects it (without them).
    struct ItemQuery: GraphQLTypedOperation {
        static let operationName = "Item"
        static let operationKind = OperationKind.query
        static let text = (try? Operations.item("1").text) ?? ""
        static let textDigest = DocumentDigest.sha256Hex(text)

        struct Variables: Encodable, Sendable, Hashable { var id: String }
        struct Data: Decodable, Sendable, Hashable {
            struct Item: Decodable, Sendable, Hashable { var title: String }
            var item: Item?
        }

        var variables: Variables
        init(id: String) { variables = Variables(id: id) }
    }

    /// `mutation Rename($id: ID!, $title: String!) { rename(id: $id, title: $title) { title } }`.
    struct RenameMutation: GraphQLTypedOperation {
        static let operationName = "Rename"
        static let operationKind = OperationKind.mutation
        static let text = (try? Operations.operation("Rename", variables: ["id": "1", "title": "x"]).text) ?? ""
        static let textDigest = DocumentDigest.sha256Hex(text)

        struct Variables: Encodable, Sendable, Hashable {
            var id: String
            var title: String
        }
        struct Data: Decodable, Sendable, Hashable {
            struct Item: Decodable, Sendable, Hashable { var title: String }
            var rename: Item
        }

        var variables: Variables
    }

    @Test(
        "a generated query attaches typed, and shares its root and its one request with the untyped attach, in either order",
        arguments: [true, false])
    func attach(typedFirst: Bool) async throws {
        let fixture = Fixture()
        let untyped = try Operations.item("1")
        fixture.answer(untyped, with: Operations.itemData("1", title: "one"))
        let plain = typedFirst ? nil : fixture.environment.attach(untyped)
        let typed = try fixture.environment.attach(ItemQuery(id: "1"))
        let later = typedFirst ? fixture.environment.attach(untyped) : nil
        let data = try await typed.loaded()
        #expect(data.item?.title == "one")
        #expect(typed.handle.operation.identity == untyped.identity)
        _ = try await (plain ?? later)?.loaded()
        #expect(fixture.transport.requestCount == 1)
    }

    /// `ItemQuery` as the generator writes its `Data`: following the text as sent, so with the
    /// `__typename` and `id` the compiler adds to the app's document.
    struct SentShapeItemQuery: GraphQLTypedOperation {
        static let operationName = "Item"
        static let operationKind = OperationKind.query
        static let text = ItemQuery.text
        static let textDigest = ItemQuery.textDigest

        struct Data: Decodable, Sendable, Hashable {
            struct Item: Decodable, Sendable, Hashable {
                var title: String
                var __typename: String
                var id: String
            }
            var item: Item?
        }

        var variables: ItemQuery.Variables
        init(id: String) { variables = .init(id: id) }
    }

    @Test(
        "a typed and an untyped attach of one query each read their own document's fields, in either order, with one request",
        arguments: [true, false])
    func eachReadsItsOwnFields(typedFirst: Bool) async throws {
        let fixture = Fixture()
        let untyped = try Operations.item("1")
        fixture.answer(untyped, with: Operations.itemData("1", title: "one"))
        let plain = typedFirst ? nil : fixture.environment.attach(untyped)
        let typed = try fixture.environment.attach(SentShapeItemQuery(id: "1"))
        let later = typedFirst ? fixture.environment.attach(untyped) : nil
        let untypedHandle = try #require(plain ?? later)
        #expect(try await typed.loaded() == .init(item: .init(title: "one", __typename: "Item", id: "1")))
        let snapshot = try await untypedHandle.loaded()
        // The app's document selects `title` alone; the fields the client added are not in its data.
        #expect(snapshot.data == ["item": ["title": "one"]])
        #expect(fixture.transport.requestCount == 1)

        fixture.answer(untyped, with: Operations.itemData("1", title: "two"))
        _ = try await untypedHandle.refetch()
        #expect(typed.data == .init(item: .init(title: "two", __typename: "Item", id: "1")))
        #expect(untypedHandle.snapshot.data == ["item": ["title": "two"]])
        #expect(fixture.transport.requestCount == 2)

        // The second document is one more reading of the root, found again by its storage, whichever
        // attached first and however often it attaches.
        let again = try fixture.environment.attach(SentShapeItemQuery(id: "1"))
        let alsoPlain = fixture.environment.attach(untyped)
        #expect(again.data == typed.data)
        #expect(alsoPlain.snapshot.data == ["item": ["title": "two"]])
        let readings = fixture.environment.state.withLock { $0.roots[untyped.identity]?.readings.count }
        #expect(readings == 1)
    }

    @Test("operations of equal variables are made once; the kept ones are bounded")
    func operationsKept() throws {
        let fixture = Fixture()
        let first = try fixture.environment.compiled(ItemQuery(id: "1"))
        #expect(try fixture.environment.compiled(ItemQuery(id: "1")) == first)
        #expect(try fixture.environment.compiled(ItemQuery(id: "2")).variables == ["id": "2"])
        for index in 0..<(TypedOperationCache.capacity + 10) {
            _ = try fixture.environment.compiled(ItemQuery(id: String(index)))
        }
        let kept = fixture.environment.typedOperations.withLock { $0.operationCount }
        #expect(kept > 0 && kept <= TypedOperationCache.capacity)
    }

    @Test("a generated mutation's data comes back typed")
    func commit() async throws {
        let fixture = Fixture()
        let mutation = RenameMutation(variables: .init(id: "1", title: "new"))
        fixture.transport.answer(
            .operationName("Rename"), with: .data(["rename": ["__typename": "Item", "id": "1", "title": "new"]]))
        let data = try await fixture.environment.commit(mutation)
        #expect(data.rename.title == "new")
        #expect(fixture.transport.requests.first?.variables == ["id": "1", "title": "new"])
    }

    @Test("an operation generated from another schema does not compile here: a typed error, nothing sent")
    func otherSchema() {
        struct Elsewhere: GraphQLTypedOperation {
            static let operationName = "Elsewhere"
            static let operationKind = OperationKind.query
            static let text = "query Elsewhere { unknownField }"
            static let textDigest = DocumentDigest.sha256Hex(text)
            struct Data: Decodable, Sendable, Hashable {}
            var variables: [String: String] = [:]
        }
        let fixture = Fixture()
        #expect(throws: GraphQLCoreError.self) { try fixture.environment.attach(Elsewhere()) }
        #expect(fixture.transport.requestCount == 0)
    }
}
