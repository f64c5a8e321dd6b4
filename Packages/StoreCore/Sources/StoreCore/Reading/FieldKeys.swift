import GraphQLCore

/// What a walk reads of each field of a selection set, taken out of the compiled tree once per walk:
/// the storage key (variables substituted) and its index in the in-memory source's key table, the
/// response key, the sub-selection and the flags. A walk over 10,000 records of one selection then
/// neither copies a `CompiledField` per record (and retains its every member) nor hashes a storage
/// key per field (decision 0140).
///
/// Keyed by the address of a selection set's selections, which the walk's root keeps alive and
/// unchanged for the whole walk (two sets sharing one buffer are equal, so they read alike).
struct FieldKeys {
    /// One selection as the walk reads it; type cases and conditionals are read from the tree.
    struct Field {
        /// Whether the selection is a field (else a type case or a conditional).
        let isField: Bool
        let storageKey: String
        let responseKey: String
        /// The storage key's index in the source's key table, ``absent`` when the table lacks it
        /// or the plan's indices are not resolved (``Plan/indicesResolved``).
        var index: UInt32
        let subselection: CompiledSelectionSet?
        let isAddedByClient: Bool
        let isDeferred: Bool
        /// What the field holds when its record lacks it (a redirect, a handler), or `nil`.
        let fallback: FieldFallback?
    }

    /// A selection set as the walk reads it.
    struct Plan {
        /// One entry per selection, in order.
        var selections: [Field]
        /// Whether every selection is a field: then each response key comes once.
        let fieldsOnly: Bool
        /// The response keys of the fields the data shows (not ``Field/isAddedByClient``), in
        /// order: the keys of every object read through this plan with none missing, which they
        /// share (`JSONObject(distinctKeys:values:)`) instead of each building its own.
        let responseKeys: [String]
        /// Whether each field's ``Field/index`` was looked up in the key table. Only a record kept
        /// as bytes is read by index; a check that meets none (a root record kept decoded, whose
        /// per-root keys, such as `item(id:42)`, fill a table too large for the cache) never probes
        /// the table for them.
        var indicesResolved: Bool
    }

    /// The index of a storage key that no record holds.
    static let absent = UInt32.max

    private let table: RecordKeyTable?
    private let resolver: MissingFieldResolver?
    private var plans: [UnsafeRawPointer: Plan] = [:]

    init(table: RecordKeyTable?, resolver: MissingFieldResolver?) {
        self.table = table
        self.resolver = resolver
    }

    /// Whether indices refer to a key table (the in-memory source's): else fields are looked up
    /// by storage key.
    var hasTable: Bool { table != nil }

    /// The plan of `selectionSet`, made on the first record the walk reads with it; its fields'
    /// indices in the key table looked up when `resolvingIndices` (the walk reads a record kept as
    /// bytes with it), at the first such read.
    @inline(never)
    mutating func plan(
        of selectionSet: CompiledSelectionSet, variables: JSONObject, resolvingIndices: Bool = true
    ) -> Plan {
        let address = selectionSet.selections.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let address, var known = plans[address] {
            guard resolvingIndices && !known.indicesResolved else { return known }
            resolveIndices(of: &known)
            plans[address] = known
            return known
        }
        var fields: [Field] = []
        fields.reserveCapacity(selectionSet.selections.count)
        var fieldsOnly = true
        for selection in selectionSet.selections {
            guard case .field(let field) = selection else {
                fieldsOnly = false
                fields.append(
                    Field(
                        isField: false, storageKey: "", responseKey: "", index: Self.absent, subselection: nil,
                        isAddedByClient: false, isDeferred: false, fallback: nil))
                continue
            }
            let storageKey = field.storageKey(variables: variables)
            fields.append(
                Field(
                    isField: true, storageKey: storageKey, responseKey: field.responseKey,
                    index: resolvingIndices ? table?.index(of: storageKey) ?? Self.absent : Self.absent,
                    subselection: field.selectionSet,
                    isAddedByClient: field.isAddedByClient, isDeferred: field.isDeferred,
                    fallback: resolver?.fallback(for: field, variables: variables)))
        }
        let responseKeys = fields.filter { $0.isField && !$0.isAddedByClient }.map(\.responseKey)
        let plan = Plan(
            selections: fields, fieldsOnly: fieldsOnly, responseKeys: responseKeys,
            indicesResolved: resolvingIndices || table == nil)
        if let address { plans[address] = plan }
        return plan
    }

    /// Looks up each field's storage key in the key table.
    private func resolveIndices(of plan: inout Plan) {
        for position in plan.selections.indices where plan.selections[position].isField {
            plan.selections[position].index = table?.index(of: plan.selections[position].storageKey) ?? Self.absent
        }
        plan.indicesResolved = true
    }
}
