import GraphQLCore
@_spi(Runtime) import Scheduling
import StoreCore

extension GraphQLEnvironment {
    /// The store delivered `snapshot` for retained root `root`: a publish changed what it reads.
    ///
    /// The root's own fetch takes its snapshot from its write's report, not from here, and its
    /// completion updates each handle once with it. A snapshot older than the root's latest (a
    /// callback that ran late, on another thread) changes nothing. Otherwise the heal suppression is
    /// lifted, a heal starts when the data is now missing (where a holder allows the network), and
    /// each handle gets the snapshot and the root's fetch in one update: a handle never sees the
    /// incomplete snapshot before it sees the heal in flight, so it keeps its complete data on
    /// screen until the heal's answer lands.
    func storeChanged(_ root: OperationIdentity, _ snapshot: Snapshot) {
        var effects = Effects()
        state.withLock { state in
            guard state.roots[root]?.subscription != nil, state.roots[root]?.take(snapshot) == true else { return }
            state.suppression.storeChanged(affecting: CollectionOfOne(root))
            if snapshot.isMissingData {
                let facts = RetainedRoot(
                    root: root, staleness: .stale(.missing), fetch: state.registry.status(of: root),
                    holderAllowsNetwork: state.retentions.anyHolderAllowsNetwork(root))
                _ = state.perform(
                    RevalidationPlanner.heal([facts], suppression: state.suppression), store: store,
                    updatesHandles: false, into: &effects)
            }
            let fetch = state.fetchState(of: root)
            let readings = state.roots[root]?.readingSnapshots(in: store) ?? []
            state.updateHandles(of: root, into: &effects) { handle in
                handle.show(snapshot, readings: readings)
                if handle.policy.allowsNetwork { handle.fetch = fetch }
            }
        }
        perform(effects)
    }
}
