import GraphQLCore

/// Each selection set's storage keys as indices into the in-memory source's key table, resolved
/// once per walk: a walk over 10,000 records of one selection hashes each storage key once, not
/// 10,000 times (decision 0140).
///
/// Keyed by the address of a selection set's selections, which the walk's root keeps alive and
/// unchanged for the whole walk (two sets sharing one buffer are equal, so they have equal keys).
/// A key the table lacks resolves to ``absent``: no record holds that field.
struct FieldKeys {
    /// The index of a storage key that no record holds.
    static let absent = UInt32.max

    private let table: RecordKeyTable?
    private var resolved: [UnsafeRawPointer: [UInt32]] = [:]

    init(table: RecordKeyTable?) { self.table = table }

    /// The key index of each selection of `selectionSet` (``absent`` for a type case or a
    /// conditional), or an empty array when there is no key table.
    @inline(never)
    mutating func indices(of selectionSet: CompiledSelectionSet, variables: JSONObject) -> [UInt32] {
        guard let table else { return [] }
        let address = selectionSet.selections.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        guard let address else { return [] }
        if let known = resolved[address] { return known }
        var indices: [UInt32] = []
        indices.reserveCapacity(selectionSet.selections.count)
        for selection in selectionSet.selections {
            if case .field(let field) = selection {
                indices.append(table.index(of: field.storageKey(variables: variables)) ?? Self.absent)
            } else {
                indices.append(Self.absent)
            }
        }
        resolved[address] = indices
        return indices
    }
}
