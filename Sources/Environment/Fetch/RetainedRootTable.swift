import GraphQLCore
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

/// The retained roots in one dense array, with what a sweep (``GraphQLEnvironment/revalidate()``,
/// ``GraphQLEnvironment/invalidate()``) reads of each: where it reads the store, how long its data stays
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
        /// The root's ``RootEntry/storeRoot`` with every storage key resolved for its variables
        /// (``GraphQLCore/CompiledSelectionSet/resolvingStorageKeys(variables:)``), and without
        /// the variables when no condition reads them, made once at the first retain: building
        /// `item(id:42)` from the variables at every check of every sweep was a sixth of the
        /// sweep's time. For checks only: it reads the store as the entry's root does.
        let storeRoot: StoreRoot
        var expiration: Expiration
        var holderAllowsNetwork: Bool
        /// Where the store found the root's records at the last sweep (`Store.check(_:hints:)`):
        /// the next sweep looks there first instead of probing the store's table of every
        /// record's position, which at 10,000 roots no longer fits in the cache.
        var hints = RecordPositionHints()
    }

    /// The retained roots; a release moves the last slot into the freed one.
    private(set) var slots: [Slot] = []
    private var positions: [OperationIdentity: Int] = [:]

    /// Records that `root` is retained and whether a holder allows the network: adds a slot the
    /// first time, updates it after.
    mutating func retained(
        _ root: OperationIdentity, entry: RootEntry, holderAllowsNetwork: Bool, argumentsRead: Bool = false
    ) {
        if let position = positions[root] {
            slots[position].holderAllowsNetwork = holderAllowsNetwork
            slots[position].expiration = entry.expiration
            return
        }
        positions[root] = slots.count
        var storeRoot = entry.storeRoot
        if let resolved = storeRoot.selectionSet.resolvingStorageKeys(variables: storeRoot.variables) {
            storeRoot.selectionSet = resolved
            // With every key resolved, only a condition, or a redirect or missing-field handler that
            // reads a field's arguments, still reads the variables; without them, the check need not
            // touch this root's own variables (two more objects per root).
            if !resolved.readsVariables(argumentsRead: argumentsRead) { storeRoot.variables = JSONObject() }
        }
        slots.append(
            Slot(
                root: root, storeRoot: storeRoot, expiration: entry.expiration,
                holderAllowsNetwork: holderAllowsNetwork))
    }

    /// Calls `body` with every slot in order (borrowed: copying each slot retained its parts, a
    /// twentieth of the sweep), and the slot's hints to update.
    mutating func forEachSlot(_ body: (borrowing Slot, inout RecordPositionHints) -> Void) {
        slots.withUnsafeMutableBufferPointer { slots in
            for position in slots.indices {
                // Moved out and back, so that the hints are changed in place rather than copied.
                var hints = RecordPositionHints()
                swap(&hints, &slots[position].hints)
                body(slots[position], &hints)
                swap(&hints, &slots[position].hints)
            }
        }
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

extension CompiledSelectionSet {
    /// This selection with every field's storage key computed for `variables`, or `nil` when every
    /// key was constant already (the caller keeps the shared tree then, instead of a copy per root).
    ///
    /// For a root whose variables never change, such as a retained root's: its check then finds
    /// each field's key as a constant instead of building it from the variables at every sweep,
    /// which reads the root's own variables (one more object per root, wherever it was allocated)
    /// and allocates the key. Equality and hashing ignore the keys, so the tree still equals the
    /// operation's.
    func resolvingStorageKeys(variables: JSONObject) -> CompiledSelectionSet? {
        var selections = selections
        var changed = false
        for index in selections.indices {
            switch selections[index] {
            case .field(var field):
                var fieldChanged = false
                if field.constantStorageKey == nil {
                    field.constantStorageKey = field.storageKey(variables: variables)
                    fieldChanged = true
                }
                if let resolved = field.selectionSet?.resolvingStorageKeys(variables: variables) {
                    field.selectionSet = resolved
                    fieldChanged = true
                }
                guard fieldChanged else { continue }
                selections[index] = .field(field)
            case .typeCase(var typeCase):
                guard let resolved = typeCase.selectionSet.resolvingStorageKeys(variables: variables) else { continue }
                typeCase.selectionSet = resolved
                selections[index] = .typeCase(typeCase)
            case .conditional(var conditional):
                guard let resolved = conditional.selectionSet.resolvingStorageKeys(variables: variables) else {
                    continue
                }
                conditional.selectionSet = resolved
                selections[index] = .conditional(conditional)
            }
            changed = true
        }
        return changed ? CompiledSelectionSet(selections) : nil
    }

    /// Whether a read of the selection reads the variables once every storage key is resolved: an
    /// `@include` or `@skip` on a variable decides a part of it, or a field whose arguments refer to a
    /// variable has a `@fieldPolicy` redirect, or any field's arguments do and `argumentsRead` (the
    /// store has a missing-field handler, which is given them).
    func readsVariables(argumentsRead: Bool) -> Bool {
        selections.contains { selection in
            switch selection {
            case .field(let field):
                if argumentsRead || field.redirect != nil,
                    field.arguments.contains(where: { $0.value.referencesVariable })
                {
                    return true
                }
                return field.selectionSet?.readsVariables(argumentsRead: argumentsRead) ?? false
            case .typeCase(let typeCase): return typeCase.selectionSet.readsVariables(argumentsRead: argumentsRead)
            case .conditional: return true
            }
        }
    }
}
