import GraphQLCore
import Primitives
import StoreCore

/// The runtime's queue of mutations that did not reach the server, in commit order, under the
/// environment's queue lock. A value type that decides; the environment sends, writes the store
/// and tells the observer after the lock is released.
struct MutationQueue: Sendable {
    /// One queued mutation: what is sent again, the layer it shows, and its updater when it was
    /// queued in this process.
    struct Entry: Sendable {
        let id: String
        let scope: String
        let sequence: Int64
        let queuedAt: WallInstant
        let operation: GraphQLOperation
        let root: StoreRoot
        /// The name of its optimistic layer in the store, when it has an optimistic response.
        let layer: String?
        let updater: MutationUpdater?

        var queuedMutation: QueuedMutation {
            QueuedMutation(id: id, scope: scope, operationName: operation.name, queuedCount: 0)
        }
    }

    private(set) var entries: [Entry] = []
    private var nextSequence: Int64 = 1
    /// The scopes a replay is sending now: a second replay leaves them to it, and a new commit in
    /// one of them queues behind it.
    private(set) var replaying: Set<String> = []
    /// The entries being sent now, which expiry leaves alone.
    private var sending: Set<String> = []

    var count: Int { entries.count }

    /// The next sequence number, for a mutation about to be queued.
    mutating func takeSequence() -> Int64 {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Whether a new mutation in `scope` must queue behind others instead of being sent: sending it
    /// would overtake them.
    func mustWait(in scope: String) -> Bool {
        replaying.contains(scope) || entries.contains { $0.scope == scope }
    }

    /// Adds `entry` in sequence order (a relaunch restores entries in their stored order).
    mutating func append(_ entry: Entry) {
        entries.append(entry)
        nextSequence = max(nextSequence, entry.sequence + 1)
    }

    /// Removes the entry `id`; returns it, or `nil` when it is gone already.
    /// Empties the queue (a log-out) and returns what it held. A replay under way finds its scope
    /// empty at its next step and ends there; what it is sending now is not taken back.
    mutating func removeAll() -> [Entry] {
        defer { entries = [] }
        return entries
    }

    mutating func remove(_ id: String) -> Entry? {
        guard let position = entries.firstIndex(where: { $0.id == id }) else { return nil }
        sending.remove(id)
        return entries.remove(at: position)
    }

    /// Takes out the entries that are too old at `now`, and the oldest beyond `maximumLength`
    /// (leaving those being sent), with the reason each goes.
    mutating func expire(
        at now: WallInstant, maximumAge: Duration, maximumLength: Int
    ) -> [(Entry, MutationQueueError)] {
        var dropped: [(Entry, MutationQueueError)] = []
        for entry in entries where !sending.contains(entry.id) && entry.queuedAt + maximumAge <= now {
            dropped.append(
                (entry, MutationQueueError(.expired, "the mutation waited longer than the queue's maximum age")))
        }
        var left = entries.count - dropped.count
        for entry in entries where left > maximumLength && !sending.contains(entry.id) {
            guard !dropped.contains(where: { $0.0.id == entry.id }) else { continue }
            dropped.append((entry, MutationQueueError(.queueFull, "the queue grew past its maximum length")))
            left -= 1
        }
        let ids = Set(dropped.map(\.0.id))
        entries.removeAll { ids.contains($0.id) }
        return dropped
    }

    /// Marks the scopes with queued entries that no replay is sending as replayed by the caller;
    /// returns them.
    mutating func beginReplay() -> [String] {
        var scopes: [String] = []
        for entry in entries where !replaying.contains(entry.scope) && !scopes.contains(entry.scope) {
            scopes.append(entry.scope)
        }
        replaying.formUnion(scopes)
        return scopes
    }

    /// The scope's first entry, marked as being sent; `nil` when the scope is empty, which ends its
    /// replay.
    mutating func next(in scope: String) -> Entry? {
        guard let entry = entries.first(where: { $0.scope == scope }) else {
            replaying.remove(scope)
            return nil
        }
        sending.insert(entry.id)
        return entry
    }

    /// Ends the replay of `scope` with its entries kept.
    mutating func endReplay(of scope: String, sent id: String?) {
        if let id { sending.remove(id) }
        replaying.remove(scope)
    }
}
