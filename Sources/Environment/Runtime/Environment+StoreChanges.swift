import GraphQLCore
import Scheduling
import StoreCore

extension Environment {
    /// A publish changed what retained root `root` reads (the store's subscription said so): tell
    /// its handles, lift its heal suppression, and heal it when it now misses data, where a holder
    /// allows the network. The root's own fetch writing it is not a reason to heal it: that fetch's
    /// completion decides.
    func storeChanged(_ root: OperationIdentity) {
        let context = PublishContext.current
        context?.notified.withLock { $0 += 1 }
        var effects = Effects()
        state.withLock { state in
            guard let subscription = state.roots[root]?.subscription, let snapshot = subscription.snapshot else {
                return
            }
            state.updateHandles(of: root, into: &effects) { $0.snapshot = snapshot }
            state.suppression.storeChanged(affecting: CollectionOfOne(root))
            guard snapshot.isMissingData, context?.root != root else { return }
            let facts = RetainedRoot(
                root: root, staleness: .stale(.missing), fetch: state.registry.status(of: root),
                holderAllowsNetwork: state.retentions.anyHolderAllowsNetwork(root))
            _ = state.perform(RevalidationPlanner.heal([facts], suppression: state.suppression), into: &effects)
        }
        perform(effects)
    }
}
