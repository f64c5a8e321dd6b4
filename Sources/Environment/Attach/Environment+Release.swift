import GraphQLCore
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

extension GraphQLEnvironment {
    /// Ends retention `id` of `root` (a handle's ``Handle/release()`` or its `deinit`). The last
    /// one stops the root's store subscription and puts the root in the release buffer; a root
    /// pushed out of the buffer is forgotten, and a coalesced collection follows.
    func release(_ id: RetentionID, root: OperationIdentity) {
        var effects = Effects()
        state.withLock { state in
            let action = state.retentions.release(id)
            state.retentionsChanged(for: root)
            if var entry = state.roots[root] {
                entry.handles[id] = nil
                effects.events.append(EventMapping.handleReleased(entry.operation))
                if !state.retentions.isRetained(root) {
                    // Under the runtime's lock (then the store's), so an attach of the same root
                    // cannot interleave with the cancel.
                    entry.subscription?.cancel()
                    entry.subscription = nil
                }
                state.roots[root] = entry
            }
            switch action {
            case .none, .rootReleased:
                // A root in the release buffer still keeps its records: nothing became collectable.
                break
            case .evicted(let evicted, _):
                for gone in evicted where !state.retentions.isRetained(gone) {
                    if state.roots[gone]?.showsNoStoreAnswer == true {
                        effects.removedLayers.append(ServerCacheHint.layer(of: gone))
                    }
                    state.roots[gone] = nil
                    state.registry.forget(gone)
                    state.suppression.forget(gone)
                }
                state.requestCollection(into: &effects)
            }
        }
        perform(effects)
    }
}
