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
