import GraphQLCore
import Primitives

extension Store {
    /// Writes `data` as the optimistic layer `layer` (replacing one of that name, as
    /// ``applyOptimistic(_:_:to:)`` does) and keeps `pending` in the record source, under one lock:
    /// the source writes the row first, so when it refuses (a full disk) it throws and neither the
    /// layer nor the row changed. With `data` `nil` only the row is kept.
    ///
    /// The row holds the layer's data (``PendingMutation/payload``), so the one transaction that
    /// writes it is the one that makes the layer durable.
    public func queueOptimistic(
        _ layer: String, _ data: JSONValue?, to root: StoreRoot, keeping pending: PendingMutation
    ) throws(StoreError) {
        let normalized = try data.map { value throws(StoreError) in try normalize(value, root) }
        let deliveries = try state.withLock { state throws(StoreError) -> [PendingDelivery] in
            let patches = try normalized.map { value throws(StoreError) in
                try state.mergingPages(value.pages, into: value.patches)
            }
            try state.records.source.keepPendingMutation(pending)
            guard let patches else { return [] }
            var changes = state.records.optimistic.remove(id: layer, base: state.records.source)
            let writtenAt = state.stamp(configuration.clock())
            changes.formUnion(
                state.records.optimistic.add(
                    id: layer, patches: patches, writtenAt: writtenAt, base: state.records.source))
            return state.notify(changes)
        }
        for delivery in deliveries { delivery.perform() }
    }

    /// Forgets the pending mutation `id` and removes its optimistic layer `layer`, under one lock.
    public func removePending(_ id: String, layer: String?) {
        let deliveries = state.withLock { state in
            state.records.source.removePendingMutation(id: id)
            guard let layer else { return [PendingDelivery]() }
            return state.notify(state.records.optimistic.remove(id: layer, base: state.records.source))
        }
        for delivery in deliveries { delivery.perform() }
    }

    /// The mutations the record source kept queued (from this launch or an earlier one), in queue
    /// order; none for a store in memory.
    public var pendingMutations: [PendingMutation] {
        state.withLock { $0.records.source.pendingMutations() }
    }
}
