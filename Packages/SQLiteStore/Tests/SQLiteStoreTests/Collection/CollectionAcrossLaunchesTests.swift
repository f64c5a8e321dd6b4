import GraphQLCore
import SQLiteStore
import StoreCore
import Testing

@Suite("SQLiteStore-collection")
struct CollectionAcrossLaunchesTests {
    static let otherProfile = "query Other { viewer { __typename id name } }"
    static let day: Int64 = 24 * 3600

    /// Launch one: the feed is read by a screen (two posts by u1); a profile of u2 is published
    /// without any screen reading it.
    static func firstLaunch(_ path: String, clock: ManualClock) throws {
        let (store, _, _) = try openStore(path, clock: clock)
        try store.publish(feed(["one", "two"]), to: try root(feedQuery))
        store.subscribe(to: try root(feedQuery)) { _ in }.cancel()
        try store.publish(["viewer": ["__typename": "User", "id": "u2", "name": "Lin"]], to: try root(otherProfile))
    }

    @Test("a later launch's collection keeps the records of roots a screen read in an earlier launch")
    func keepsRootsOfEarlierLaunches() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock()
        try Self.firstLaunch(directory.file(), clock: clock)
        clock.advance(by: Self.day)
        let (store, _, _) = try openStore(directory.file(), clock: clock)
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 1, keptRecords: 4))
        #expect(store.record("User:u2") == nil)
        #expect(!store.lookup(try root(feedQuery)).isMissingData)
        // And in the launch after that, still.
        let (again, _, _) = try openStore(directory.file(), clock: clock)
        #expect(again.collectGarbage(retaining: []) == CollectionReport(removedRecords: 0, keptRecords: 4))
    }

    @Test("roots no screen has read for longer than the maximum age are forgotten, and their records go")
    func forgetsOldRoots() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock()
        try Self.firstLaunch(directory.file(), clock: clock)
        clock.advance(by: 31 * Self.day)
        let events = EventRecorder()
        let (store, _, _) = try openStore(
            directory.file(), clock: clock, configuration: SQLiteStoreConfiguration(log: events.record))
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 5, keptRecords: 0))
        #expect(events.events == [.rootsForgotten(1)])
    }

    @Test("a root read again in a later launch counts its age from then")
    func readingAgainRenews() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock()
        try Self.firstLaunch(directory.file(), clock: clock)
        clock.advance(by: 20 * Self.day)
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            store.subscribe(to: try root(feedQuery)) { _ in }.cancel()
        }
        clock.advance(by: 20 * Self.day)
        let (store, _, _) = try openStore(directory.file(), clock: clock)
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 1, keptRecords: 4))
    }

    @Test("past the record bound the least recently read root is dropped first, and the retained ones never")
    func recordBound() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock()
        try Self.firstLaunch(directory.file(), clock: clock)
        clock.advance(by: 60)
        do {
            let (store, _, _) = try openStore(directory.file(), clock: clock)
            store.subscribe(to: try root(Self.otherProfile)) { _ in }.cancel()
        }
        // The root record and u2 are what the most recently read root needs: a bound of 2 keeps it
        // and drops the feed.
        let policy = PersistedRootPolicy(maximumRecords: 2)
        let (store, _, _) = try openStore(
            directory.file(), clock: clock, configuration: SQLiteStoreConfiguration(retention: policy))
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 3, keptRecords: 2))
        #expect(store.record("User:u2") != nil)
        #expect(store.record("Post:p0") == nil)
        // A root the app retains now is kept whatever the bound.
        let (next, _, _) = try openStore(
            directory.file(), clock: clock, configuration: SQLiteStoreConfiguration(retention: .none))
        #expect(next.collectGarbage(retaining: [try root(Self.otherProfile)]).keptRecords == 2)
        #expect(next.collectGarbage(retaining: []) == CollectionReport(removedRecords: 2, keptRecords: 0))
    }

    @Test("within a launch, records no root reaches any more are collected")
    func inLaunchCollection() throws {
        let directory = try TemporaryDirectory()
        let (store, _, _) = try openStore(directory.file())
        let subscription = store.subscribe(to: try root(feedQuery)) { _ in }
        try store.publish(feed(["one", "two", "three"]), to: try root(feedQuery))
        try store.publish(feed(["only"]), to: try root(feedQuery))
        #expect(store.recordCount == 5)
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 2, keptRecords: 3))
        subscription.cancel()
        let (reopened, _, _) = try openStore(directory.file())
        #expect(reopened.recordCount == 3)
        #expect(reopened.record("Post:p2") == nil)
    }
}
