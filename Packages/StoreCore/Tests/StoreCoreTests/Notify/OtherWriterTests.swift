import GraphQLCore
import Testing

@testable import StoreCore

/// `Store.checkForOtherWriters()`: a source another writer shares (a SQLite file an app extension
/// also writes) says it changed, and the store re-reads its subscriptions.
@Suite("Other writers")
struct OtherWriterTests {
    static let userQuery = query([object("user", [typename, leaf("id"), leaf("name")])])
    static let feedQuery = query([object("feed", [typename, leaf("id")])])

    static func user(_ name: String) -> JSONValue {
        ["user": ["__typename": "U", "id": "1", "name": .string(name)]]
    }

    @Test("after another writer's commit every subscription is re-read once and only those whose data changed are told")
    func anotherWritersCommit() throws {
        let disk = PersistingSource.Disk()
        let app = Store(source: PersistingSource(disk: disk))
        let other = Store(source: PersistingSource(disk: disk))
        try app.publish(Self.user("Ada"), to: Self.userQuery)
        try app.publish(["feed": ["__typename": "F", "id": "1"]], to: Self.feedQuery)
        let told = Recorder()
        let subscriptions = [Self.userQuery, Self.feedQuery].map { app.subscribe(to: $0) { told.record($0) } }
        // The app's own commits are not another writer's.
        #expect(app.checkForOtherWriters() == 0)
        let reads = app.subscriptionReads
        try other.publish(Self.user("Grace"), to: Self.userQuery)
        #expect(told.count == 0)
        #expect(app.checkForOtherWriters() == 1)
        #expect(app.subscriptionReads == reads + 2)
        #expect(told.snapshots.map(\.data) == [Self.user("Grace")])
        // Told once: nothing more until the next commit.
        #expect(app.checkForOtherWriters() == 0)
        #expect(app.subscriptionReads == reads + 2)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("over the in-memory source no one else writes: the check re-reads nothing and tells no one")
    func inMemory() throws {
        let store = makeStore()
        try store.publish(Self.user("Ada"), to: Self.userQuery)
        let told = Recorder()
        let subscription = store.subscribe(to: Self.userQuery) { told.record($0) }
        let reads = store.subscriptionReads
        #expect(store.checkForOtherWriters() == 0)
        #expect(store.subscriptionReads == reads)
        #expect(told.count == 0)
        withExtendedLifetime(subscription) {}
    }
}
