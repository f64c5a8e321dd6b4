import GraphQLCore
import Primitives
import StoreCore
import Testing

@Suite("WriteTimes")
struct WriteTimeTests {
    static let a = query([leaf("a")])
    static let b = query([leaf("b")])
    static let both = query([leaf("a"), leaf("b")])

    @Test("root fields keep their own write times, so one query's write does not refresh another's")
    func perFieldOnRoot() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        try store.publish(["a": 1], to: Self.a)
        clock.advance(by: 50)
        try store.publish(["b": 2], to: Self.b)
        #expect(store.lookup(Self.a).oldestWriteTime == WallInstant(secondsSince1970: 100))
        #expect(store.lookup(Self.b).oldestWriteTime == WallInstant(secondsSince1970: 150))
        #expect(store.record(.root)?.fields["a"]?.writtenAt == WallInstant(secondsSince1970: 100))
    }

    @Test("a snapshot reports the oldest write time of the data it read")
    func oldest() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        let root = query([object("u", [typename, leaf("id"), leaf("name")])])
        try store.publish(["u": ["__typename": "U", "id": "1", "name": "x"]], to: root)
        clock.advance(by: 10)
        try store.publish(["b": 2], to: Self.b)
        clock.advance(by: 10)
        try store.publish(["name": "y"], to: StoreRoot(dataID: "U:1", selectionSet: .init([leaf("name")])))
        #expect(
            store.lookup(query([leaf("b"), object("u", [typename, leaf("name")])])).oldestWriteTime
                == WallInstant(secondsSince1970: 100))
        #expect(store.check(Self.b).oldestWriteTime == WallInstant(secondsSince1970: 110))
    }

    @Test("a field written again with an equal value is fresh again, and data refreshed by another operation is fresh")
    func refreshedByEqualWrite() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        let listing = query([object("users", [typename, leaf("id"), leaf("name")])])
        let single = query([object("user", [typename, leaf("id"), leaf("name")])])
        try store.publish(["users": [["__typename": "U", "id": "1", "name": "Ada"]]], to: listing)
        clock.advance(by: 30)
        try store.publish(["user": ["__typename": "U", "id": "1", "name": "Ada"]], to: single)
        let fragment = StoreRoot(dataID: "U:1", selectionSet: .init([leaf("name")]))
        #expect(store.lookup(fragment).oldestWriteTime == WallInstant(secondsSince1970: 130))
        #expect(store.lookup(listing).oldestWriteTime == WallInstant(secondsSince1970: 100))
    }

    @Test("invalidate makes data written before it invalidated, and data written after it fresh on an unmoved clock")
    func invalidation() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        try store.publish(["a": 1, "b": 1], to: Self.both)
        #expect(!store.lookup(Self.both).isInvalidated)
        store.invalidate()
        #expect(store.invalidationPoint == WallInstant(secondsSince1970: 100))
        #expect(store.lookup(Self.a).isInvalidated)
        #expect(store.check(Self.a).isInvalidated)
        try store.publish(["a": 1], to: Self.a)
        #expect(!store.lookup(Self.a).isInvalidated)
        #expect(!store.check(Self.a).isInvalidated)
        #expect(store.lookup(Self.b).isInvalidated)
        #expect(store.lookup(Self.both).isInvalidated)
    }

    @Test("an invalidation is never before a write already made, even when the clock moved back")
    func clockMovedBack() throws {
        let clock = ManualClock(100)
        let store = makeStore(clock: clock)
        try store.publish(["a": 1], to: Self.a)
        clock.advance(by: -50)
        store.invalidate()
        #expect(store.lookup(Self.a).isInvalidated)
        try store.publish(["b": 1], to: Self.b)
        #expect(!store.lookup(Self.b).isInvalidated)
    }

    @Test("a snapshot that read nothing has no write time and is not invalidated")
    func nothingRead() {
        let store = makeStore()
        store.invalidate()
        let snapshot = store.lookup(Self.a)
        #expect(snapshot.oldestWriteTime == nil)
        #expect(!snapshot.isInvalidated)
    }
}
