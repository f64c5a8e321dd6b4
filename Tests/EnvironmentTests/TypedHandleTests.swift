import Primitives
import Testing

@testable import Environment

/// A handle read as a Swift type: the phase carries the decoded data, decoded once per change.
@Suite("Typed handles", .timeLimit(.minutes(1)))
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
@Suite("Typed mutations and subscription events", .timeLimit(.minutes(1)))
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
