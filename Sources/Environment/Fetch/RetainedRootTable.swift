import GraphQLCore
import Retention
import Scheduling
import StoreCore

/// The retained roots in one dense array, with what a sweep (``Environment/revalidate()``,
/// ``Environment/invalidate()``) reads of each: where it reads the store, how long its data stays
/// fresh, and whether any of its holders allows the network.
///
/// A sweep visits every retained root. Gathering them from the runtime's dictionaries hashed each
/// root's identity once per table (a set of the retained roots, the roots' entries, the retention
/// table) and copied its whole entry; past a few thousand roots those tables no longer fit in the
/// cache, and the sweep grew faster than the roots did (decision 0085). A sweep walks this array in
/// order instead: roughly the order the roots were first retained, which tends to follow the order
/// their records were written.
///
/// It repeats two facts the ``RetentionTable`` owns: which roots are retained, and whether any
/// holder of each allows the network. ``RuntimeState`` brings it in step after every retain and
/// release (``RuntimeState/retentionsChanged(for:)``), under the runtime's lock, and debug builds
/// check at every sweep that the two agree (``isInStep(with:)``).
struct RetainedRootTable: Sendable {
    /// One retained root.
    struct Slot: Sendable {
        let root: OperationIdentity
        let storeRoot: StoreRoot
        let expiration: Expiration
        var holderAllowsNetwork: Bool
    }

    /// The retained roots; a release moves the last slot into the freed one.
    private(set) var slots: [Slot] = []
    private var positions: [OperationIdentity: Int] = [:]

    /// Records that `root` is retained and whether a holder allows the network: adds a slot the
    /// first time, updates it after.
    mutating func retained(_ root: OperationIdentity, entry: RootEntry, holderAllowsNetwork: Bool) {
        if let position = positions[root] {
            slots[position].holderAllowsNetwork = holderAllowsNetwork
            return
        }
        positions[root] = slots.count
        slots.append(
            Slot(
                root: root, storeRoot: entry.storeRoot, expiration: entry.expiration,
                holderAllowsNetwork: holderAllowsNetwork))
    }

    /// Records that nobody holds `root` any more.
    mutating func released(_ root: OperationIdentity) {
        guard let position = positions.removeValue(forKey: root) else { return }
        let last = slots.count - 1
        if position != last {
            slots.swapAt(position, last)
            positions[slots[position].root] = position
        }
        slots.removeLast()
    }

    /// Whether the table holds exactly the roots `retentions` retains, with the same answer to
    /// "does any holder allow the network". For debug assertions: it costs a lookup per root.
    func isInStep(with retentions: RetentionTable) -> Bool {
        slots.count == positions.count && slots.count == retentions.retainedRoots.count
            && slots.indices.allSatisfy { position in
                let slot = slots[position]
                return positions[slot.root] == position && retentions.isRetained(slot.root)
                    && slot.holderAllowsNetwork == retentions.anyHolderAllowsNetwork(slot.root)
            }
    }
}
