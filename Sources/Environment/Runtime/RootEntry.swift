import GraphQLCore
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

/// What the runtime keeps for one root while it is retained or waits in the release buffer: how to
/// fetch and read it, its store subscription, and its live handles.
struct RootEntry: Sendable {
    /// The operation, sent by every fetch of the root.
    let operation: GraphQLOperation
    /// Where its handles read the store, and what its retention keeps: the operation's root, or a
    /// fragment's record for a fragment handle.
    let storeRoot: StoreRoot
    /// Where the operation's answers are written: its kind's root record. The same as
    /// ``storeRoot`` except for a fragment handle, whose `node(id:)` query writes at the query root
    /// and whose handles read the record it links.
    let writeRoot: StoreRoot
    /// How long its data stays fresh: the operation's own expiration or the default, shortened by the
    /// server's last `maxAge` for it (``ServerCacheHint``).
    private(set) var expiration: Expiration
    /// Whether the root's last answer was `no-store`, shown through an optimistic layer
    /// (``ServerCacheHint/layer(of:)``) that goes when the root is forgotten or a storable answer
    /// replaces it.
    var showsNoStoreAnswer = false
    /// One store subscription per retained root, shared by its handles; `nil` once nobody holds it.
    var subscription: StoreSubscription?
    /// The handles, weakly: a handle's last reference going away releases it.
    var handles: [RetentionID: WeakHandle] = [:]
    /// The latest snapshot of the root: read when its subscription began, then each newer one the
    /// store handed over (``take(_:)``). What a completion decides the heal suppression from,
    /// without reading the store.
    private(set) var snapshot: Snapshot? {
        didSet { snapshotVersion &+= 1 }
    }
    /// Bumped whenever ``snapshot`` changes: a reading taken at this version is current.
    private(set) var snapshotVersion: UInt64 = 0
    /// The root's other readings: documents that send the entry's text, so share its fetch and
    /// retention, but read other fields than ``storeRoot`` (a generated operation beside the app's
    /// own document of one query; see `StoreRoot.readsTheSame(as:)`). Only appended to, so a
    /// handle keeps its reading's index.
    private(set) var readings: [Reading] = []
    /// The error of the root's last fetch when it failed: the in-flight registry's status says
    /// whether it did (the one record of the root's fetch), and this is the error handles show.
    var lastError: (any Error)?
    /// The operation's one `@connection`, when it has one: its pages are one list in the store.
    let paging: PagedConnection?
    /// How the root's last fetch ended, for the inspector: kept by the completion that already
    /// holds the lock, read by nothing that decides.
    var lastFetch: LastFetch?
    /// How many fetches of the root were joined instead of sent, for the inspector.
    var joinedFetches = 0

    /// The entry of `operation`; its handles read `readRoot` when given (a fragment's record), else
    /// the operation's own root.
    init(
        operation: GraphQLOperation, defaultExpiration: Expiration, serverMaxAge: Int? = nil,
        readRoot: StoreRoot? = nil
    ) {
        self.operation = operation
        self.writeRoot = StoreRoot(operation: operation)
        self.storeRoot = readRoot ?? writeRoot
        self.expiration = ServerCacheHint.expiration(
            of: operation, default: defaultExpiration, serverMaxAge: serverMaxAge)
        self.paging = PagedConnection.unique(in: operation)
    }

    /// Takes the server's `maxAge` from the root's latest answer (`nil`: it said none) into the
    /// expiration; returns whether that changed it.
    mutating func noteServerMaxAge(_ seconds: Int?, default defaultExpiration: Expiration) -> Bool {
        let new = ServerCacheHint.expiration(of: operation, default: defaultExpiration, serverMaxAge: seconds)
        guard new != expiration else { return false }
        expiration = new
        return true
    }

    /// Takes `snapshot` as the root's latest unless the root has a newer one; returns whether it
    /// did. The store hands a root's snapshots over two paths, the subscription's callback (another
    /// write's) and a write's report (the root's own fetch), on different threads: a callback still
    /// running with an older snapshot may arrive after a fetch's completion showed a newer one, and
    /// the snapshots' store versions keep the handles from going back in time.
    mutating func take(_ snapshot: Snapshot) -> Bool {
        if let current = self.snapshot, snapshot.version <= current.version { return false }
        self.snapshot = snapshot
        return true
    }

    /// Starts the root's store subscription, whose first snapshot becomes the root's latest.
    mutating func subscribe(_ subscription: StoreSubscription) {
        self.subscription = subscription
        snapshot = subscription.snapshot
    }

    /// The reading `root` is: `nil` for the entry's own (``storeRoot``), else the index of the
    /// reading in ``readings``, added when new. A root made from a document already seen here is
    /// known by its selections' storage, with no walk.
    mutating func reading(of root: StoreRoot) -> Int? {
        if root.sharesSelections(with: storeRoot) { return nil }
        if let known = readings.firstIndex(where: { root.sharesSelections(with: $0.root) }) { return known }
        if root.readsTheSame(as: storeRoot) { return nil }
        if let known = readings.firstIndex(where: { root.readsTheSame(as: $0.root) }) { return known }
        readings.append(Reading(root: root))
        return readings.count - 1
    }

    /// The snapshot of reading `index`, read from `store` once per change of the root's snapshot:
    /// however many handles share the reading, one lookup serves them.
    mutating func snapshot(ofReading index: Int, in store: Store) -> Snapshot {
        if let current = readings[index].snapshot, readings[index].version == snapshotVersion { return current }
        let read = store.lookup(readings[index].root)
        readings[index].snapshot = read
        readings[index].version = snapshotVersion
        return read
    }

    /// The current snapshot of every reading, in ``readings``' order, for an update of the handles.
    mutating func readingSnapshots(in store: Store) -> [Snapshot] {
        readings.indices.map { snapshot(ofReading: $0, in: store) }
    }

    /// What a fetch of the root sends. A paged root is one unit: its fetch (an attach, a
    /// revalidation, an invalidation, a heal, a refetch) asks for the list from its start with as
    /// many edges as are shown, and its answer replaces the merged list (decision 0164).
    func operationToSend() -> GraphQLOperation {
        guard let paging, let shown = paging.position(in: snapshot?.data)?.edgeCount else { return operation }
        return paging.refetching(operation, shown: shown)
    }
}

/// A reading of a root by a document that reads other fields than the root's own, with its last
/// snapshot and the root's snapshot version it was read at.
struct Reading: Sendable {
    let root: StoreRoot
    var snapshot: Snapshot?
    var version: UInt64 = 0
}

/// A handle held without keeping it alive.
struct WeakHandle: Sendable {
    weak var handle: Handle?
}
