import GraphQLCore

/// Who holds which root with which policy, and which released roots are still kept in the release
/// buffer: the decisions of retention, as a value.
///
/// A state machine in the shape of swift-async-algorithms' `DebounceStateMachine`: a value type
/// whose mutating methods return what the caller must do (``ReleaseAction``). It takes no lock and
/// performs nothing; the runtime keeps it with the rest of its state under one lock, so that a
/// release and the start of a fetch for the same root are decided against one consistent state.
///
/// A root can have many retentions (one per attach), each with its own ``FetchPolicy``. Releasing
/// the last one moves the root to the release buffer, a first-in-first-out queue of bounded size;
/// a root pushed out of it is evicted, and garbage collection may then remove its records.
/// ``collectionRoots`` is what collection keeps.
public struct RetentionTable: Sendable {
    /// How many released roots the buffer keeps before it evicts the oldest.
    public let releaseBufferSize: Int

    private var nextID: UInt64 = 0
    private var retentions: [RetentionID: Retention] = [:]
    private var holdersByRoot: [OperationIdentity: RootHolders] = [:]

    /// Released roots still kept for collection, oldest first; the next eviction takes the first.
    public private(set) var releaseBuffer: [OperationIdentity] = []

    /// The retentions of one root, with a count of those whose policy allows the network so that
    /// ``anyHolderAllowsNetwork(_:)`` does not walk them.
    private struct RootHolders: Sendable {
        var ids: Set<RetentionID> = []
        var networkHolderCount = 0
    }

    /// An empty table whose release buffer keeps `releaseBufferSize` roots (a negative size keeps
    /// none, like zero).
    public init(releaseBufferSize: Int) {
        self.releaseBufferSize = max(0, releaseBufferSize)
    }

    /// Records an attach of `root` with `policy`, and returns the id that releases it.
    ///
    /// A root waiting in the release buffer is taken out of it: it is retained again, and is no
    /// longer next in line for eviction.
    public mutating func retain(root: OperationIdentity, policy: FetchPolicy) -> RetentionID {
        nextID += 1
        let id = RetentionID(rawValue: nextID)
        retentions[id] = Retention(id: id, root: root, policy: policy)
        holdersByRoot[root, default: RootHolders()].ids.insert(id)
        if policy.allowsNetwork { holdersByRoot[root, default: RootHolders()].networkHolderCount += 1 }
        if let index = releaseBuffer.firstIndex(of: root) { releaseBuffer.remove(at: index) }
        return id
    }

    /// Ends the retention `id` and says what that does to its root.
    ///
    /// An id this table never made, or one already released, changes nothing and returns
    /// ``ReleaseAction/none``: a holder that releases twice cannot release someone else.
    public mutating func release(_ id: RetentionID) -> ReleaseAction {
        guard let retention = retentions.removeValue(forKey: id) else { return .none }
        let root = retention.root
        guard var holders = holdersByRoot[root] else { return .none }
        holders.ids.remove(id)
        if retention.policy.allowsNetwork { holders.networkHolderCount -= 1 }
        guard holders.ids.isEmpty else {
            holdersByRoot[root] = holders
            return .none
        }
        holdersByRoot[root] = nil
        releaseBuffer.append(root)
        guard releaseBuffer.count > releaseBufferSize else { return .rootReleased(root) }
        let overflow = releaseBuffer.count - releaseBufferSize
        let evicted = Array(releaseBuffer.prefix(overflow))
        releaseBuffer.removeFirst(overflow)
        return .evicted(evicted, released: root)
    }

    /// The current retentions of `root`, oldest first (empty when nobody holds it).
    public func holders(of root: OperationIdentity) -> [Retention] {
        guard let holders = holdersByRoot[root] else { return [] }
        return holders.ids.sorted().compactMap { retentions[$0] }
    }

    /// Whether any current holder of `root` allows the network: what every fetch the runtime starts
    /// on its own (invalidation, revalidation, heal) asks first. `false` for a root nobody holds,
    /// including one in the release buffer.
    public func anyHolderAllowsNetwork(_ root: OperationIdentity) -> Bool {
        (holdersByRoot[root]?.networkHolderCount ?? 0) > 0
    }

    /// Whether at least one retention holds `root`.
    public func isRetained(_ root: OperationIdentity) -> Bool {
        holdersByRoot[root] != nil
    }

    /// The roots at least one retention holds.
    public var retainedRoots: Set<OperationIdentity> {
        Set(holdersByRoot.keys)
    }

    /// What garbage collection keeps: the retained roots and the roots in the release buffer.
    public var collectionRoots: Set<OperationIdentity> {
        var roots = retainedRoots
        roots.formUnion(releaseBuffer)
        return roots
    }
}
