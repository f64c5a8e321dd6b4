import Foundation
import GraphQLCore
import Primitives
import Testing

@testable import StoreCore

/// A write made for the owner of a subscription hands that subscription's new snapshot back in its
/// report instead of through the callback, and the snapshots' versions keep the two paths in order.
@Suite("Reported snapshots")
struct ReportedSnapshotTests {
    static func user(_ name: String) -> JSONValue {
        ["user": ["__typename": "User", "id": "1", "name": .string(name)]]
    }

    static let userQuery = query([object("user", [typename, leaf("id"), leaf("name")])])

    /// A store holding Ada, and two subscriptions to her with their recorders: the caller's own and
    /// another.
    static func twoSubscribers() throws -> (Store, Recorder, Recorder, StoreSubscription, StoreSubscription) {
        let store = makeStore()
        try store.publish(Self.user("Ada"), to: Self.userQuery)
        let own = Recorder()
        let other = Recorder()
        let subscription = store.subscribe(to: Self.userQuery) { own.record($0) }
        let otherSubscription = store.subscribe(to: Self.userQuery) { other.record($0) }
        return (store, own, other, subscription, otherSubscription)
    }

    @Test("a write reporting to a subscription returns its new snapshot and does not call its callback")
    func reported() throws {
        let (store, own, other, subscription, otherSubscription) = try Self.twoSubscribers()
        let first = try #require(subscription.snapshot)

        let report = try store.publish(
            Self.user("Ada L."), to: Self.userQuery, requestedAt: store.requestInstant(), reporting: subscription)
        let snapshot = try #require(report.snapshot)
        #expect(snapshot.data == Self.user("Ada L."))
        #expect(snapshot.version > first.version)
        #expect(report.notifiedSubscriptions == 2)
        #expect(own.count == 0)
        #expect(other.snapshots.map(\.data) == [Self.user("Ada L.")])
        #expect(subscription.snapshot == snapshot)

        let unchanged = try store.publish(
            Self.user("Ada L."), to: Self.userQuery, requestedAt: store.requestInstant(), reporting: subscription)
        #expect(unchanged.snapshot == nil)
        withExtendedLifetime(otherSubscription) {}
    }

    @Test("a batch reporting to a subscription returns the snapshot its end read, and tells the others")
    func batchReported() throws {
        let (store, own, other, subscription, otherSubscription) = try Self.twoSubscribers()
        let (_, snapshot) = try store.batch(reporting: subscription) {
            try store.publish(Self.user("Ada L."), to: Self.userQuery)
            try store.publish(Self.user("Ada Lovelace"), to: Self.userQuery)
        }
        #expect(snapshot?.data == Self.user("Ada Lovelace"))
        #expect(own.count == 0)
        #expect(other.snapshots.map(\.data) == [Self.user("Ada Lovelace")])
        withExtendedLifetime(otherSubscription) {}
    }

    @Test("an older snapshot still on its way to a callback is dropped once a write reported a newer one")
    func olderDeliveryAfterReport() throws {
        let store = makeStore()
        try store.publish(Self.user("Ada"), to: Self.userQuery)
        let entered = Latch()
        let proceed = Latch()
        let blocked = Locked(false)
        // Subscribed first, so a write's deliveries reach it first: it holds the writing thread
        // before that thread hands the same write's snapshot to `subscription`.
        let blocker = store.subscribe(to: Self.userQuery) { _ in
            let first = blocked.withLock { blocked in
                defer { blocked = true }
                return !blocked
            }
            guard first else { return }
            entered.open()
            proceed.wait()
        }
        let own = Recorder()
        let subscription = store.subscribe(to: Self.userQuery) { own.record($0) }

        let done = Latch()
        Thread {
            _ = try? store.publish(Self.user("older"), to: Self.userQuery)
            done.open()
        }.start()
        entered.wait()
        let report = try store.publish(
            Self.user("newer"), to: Self.userQuery, requestedAt: store.requestInstant(), reporting: subscription)
        #expect(report.snapshot?.data == Self.user("newer"))
        proceed.open()
        done.wait()

        #expect(own.count == 0)
        #expect(subscription.snapshot?.data == Self.user("newer"))
        withExtendedLifetime(blocker) {}
    }

    @Test("snapshots compare by what they read, not by their versions")
    func equalityIgnoresVersion() throws {
        let store = makeStore()
        try store.publish(Self.user("Ada"), to: Self.userQuery)
        let read = store.lookup(Self.userQuery)
        let subscription = store.subscribe(to: Self.userQuery) { _ in }
        let subscribed = try #require(subscription.snapshot)
        #expect(read.version < subscribed.version)
        #expect(read == subscribed)
        #expect(Set([read, subscribed]).count == 1)
    }
}
