import GraphQLCore
import Primitives
import StoreCore
import Testing

@Suite("PersistentSource")
struct PersistentSourceTests {
    static let userQuery = query([object("user", [typename, leaf("id"), leaf("name")])])
    static let feedQuery = query([object("feed", [typename, leaf("id")])])
    static let otherQuery = query([object("other", [typename, leaf("id")])])

    static func store(_ disk: PersistingSource.Disk, clock: ManualClock = ManualClock()) -> Store {
        Store(source: PersistingSource(disk: disk), configuration: StoreConfiguration(clock: { clock.now }))
    }

    @Test("a batch the source refuses throws, and records, write times and subscribers stay as they were")
    func refusedBatch() throws {
        let disk = PersistingSource.Disk()
        let clock = ManualClock(100)
        let store = Self.store(disk, clock: clock)
        try store.publish(["user": ["__typename": "U", "id": "1", "name": "a"]], to: Self.userQuery)
        let told = Recorder()
        let subscription = store.subscribe(to: Self.userQuery) { told.record($0) }
        defer { subscription.cancel() }
        disk.contents.withLock { $0.refusesWrites = true }
        clock.advance(by: 10)
        #expect(throws: StoreError.self) {
            try store.publish(["user": ["__typename": "U", "id": "1", "name": "b"]], to: Self.userQuery)
        }
        #expect(throws: StoreError.self) {
            try store.update {
                try $0.publish(["user": ["__typename": "U", "id": "1", "name": "c"]], to: Self.userQuery)
            }
        }
        #expect(store.record("U:1")?["name"] == .scalar("a"))
        #expect(store.lookup(Self.userQuery).oldestWriteTime == WallInstant(secondsSince1970: 100))
        #expect(told.count == 0)
        disk.contents.withLock { $0.refusesWrites = false }
        try store.publish(["user": ["__typename": "U", "id": "1", "name": "d"]], to: Self.userQuery)
        #expect(told.count == 1)
    }

    @Test("the invalidation point is kept by the source and read back by the next store over it")
    func invalidationPointSurvives() throws {
        let disk = PersistingSource.Disk()
        let clock = ManualClock(100)
        let first = Self.store(disk, clock: clock)
        try first.publish(["user": ["__typename": "U", "id": "1", "name": "a"]], to: Self.userQuery)
        first.invalidate()
        let second = Self.store(disk, clock: clock)
        #expect(second.invalidationPoint == WallInstant(secondsSince1970: 100))
        #expect(second.lookup(Self.userQuery).isInvalidated)
        try second.publish(["user": ["__typename": "U", "id": "1", "name": "b"]], to: Self.userQuery)
        #expect(!second.lookup(Self.userQuery).isInvalidated)
    }

    @Test("a collection keeps the records of roots read in an earlier launch that no one retains now")
    func persistedRootsAreKept() throws {
        let disk = PersistingSource.Disk()
        let first = Self.store(disk)
        try first.publish(["user": ["__typename": "U", "id": "1", "name": "a"]], to: Self.userQuery)
        try first.publish(["other": ["__typename": "O", "id": "1"]], to: Self.otherQuery)
        first.subscribe(to: Self.userQuery) { _ in }.cancel()
        let second = Self.store(disk)
        let report = second.collectGarbage(retaining: [])
        #expect(report == CollectionReport(removedRecords: 1, keptRecords: 2))
        #expect(second.record("U:1") != nil)
        #expect(second.record("O:1") == nil)
    }

    @Test("past the record bound the least recently read roots are dropped and their records collected")
    func recordBoundDropsLeastRecentlyUsed() throws {
        let disk = PersistingSource.Disk()
        let first = Self.store(disk)
        try first.publish(["user": ["__typename": "U", "id": "1", "name": "a"]], to: Self.userQuery)
        try first.publish(["feed": ["__typename": "F", "id": "1"]], to: Self.feedQuery)
        try first.publish(["other": ["__typename": "O", "id": "1"]], to: Self.otherQuery)
        for root in [Self.otherQuery, Self.userQuery, Self.feedQuery] { first.subscribe(to: root) { _ in }.cancel() }
        // Root record plus one record per root: a bound of 3 keeps the two most recently read.
        disk.contents.withLock { $0.recordLimit = 3 }
        let second = Self.store(disk)
        #expect(second.collectGarbage(retaining: []) == CollectionReport(removedRecords: 1, keptRecords: 3))
        #expect(second.record("O:1") == nil)
        #expect(second.record("F:1") != nil)
        #expect(second.record("U:1") != nil)
        #expect(disk.contents.withLock { $0.roots } == [Self.feedQuery, Self.userQuery])
    }
}
