import GraphQLCore

/// What the normalizer reads of one selection of a selection set, taken out of the compiled tree
/// once per walk: walking 10,000 objects of one selection then copies no `CompiledField` per object
/// (nor retains its every member), and interns no storage key per object (decision 0140).
struct PlannedField {
    /// Whether the selection is a field (else a type case or a conditional, read from the tree).
    let isField: Bool
    let responseKey: String
    /// The storage key, variables substituted.
    let storageKey: String
    /// The storage key's index in the batch's key table.
    let key: UInt32
    let subselection: CompiledSelectionSet?
    let shape: FieldShape?
    let connection: CompiledConnection?
    let isDeferred: Bool
    let isAddedByClient: Bool

    /// The plan of one selection: `key` is the storage key's index, interned by the caller.
    init(_ selection: CompiledSelection, variables: JSONObject, intern: (String) -> UInt32) {
        guard case .field(let field) = selection else {
            isField = false
            responseKey = ""
            storageKey = ""
            key = 0
            subselection = nil
            shape = nil
            connection = nil
            isDeferred = false
            isAddedByClient = false
            return
        }
        isField = true
        responseKey = field.responseKey
        storageKey = field.storageKey(variables: variables)
        key = intern(storageKey)
        subselection = field.selectionSet
        shape = field.shape
        connection = field.connection
        isDeferred = field.isDeferred
        isAddedByClient = field.isAddedByClient
    }
}
