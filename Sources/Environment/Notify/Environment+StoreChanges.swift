import GraphQLCore
@_spi(Runtime) import Scheduling
import StoreCore

extension GraphQLEnvironment {
    /// The store delivered `snapshot` for retained root `root`: a publish changed what it reads.
    ///
    /// While the root's own answer is being written, the snapshot waits for that fetch's
    /// completion, which updates each handle once with it. Otherwise the heal suppression is
    /// lifted, a heal starts when the data is now missing (where a holder allows the network), and
    /// each handle gets the snapshot and the root's fetch in one update: a handle never sees the
    /// incomplete snapshot before it sees the heal in flight, so it keeps its complete data on
    /// screen until the heal's answer lands.
    func storeChanged(_ root: OperationIdentity, _ snapshot: Snapshot) {
        var effects = Effects()
        state.withLock { state in
            guard state.roots[root]?.subscription != nil else { return }
            state.roots[root]?.snapshot = snapshot
            if state.roots[root]?.publishing != nil {
                state.roots[root]?.delivered = snapshot
                return
            }
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
