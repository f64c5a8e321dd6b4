import GraphQLCore

/// Where a read, a write, a subscription or a retention enters the store: a record (the operation
/// root, or a fragment's record) and the selection read from it, with the variables.
public struct StoreRoot: Sendable, Hashable {
    /// The record the selection starts from.
    public var dataID: DataID
    /// The selection.
    public var selectionSet: CompiledSelectionSet
    /// The variables the selection's arguments and conditions read.
    public var variables: JSONObject

    /// A root from its parts; by default the query root record and no variables.
    public init(dataID: DataID = .root, selectionSet: CompiledSelectionSet, variables: JSONObject = JSONObject()) {
        self.dataID = dataID
        self.selectionSet = selectionSet
        self.variables = variables
    }

    /// The root an operation writes and reads: its kind's root record, its selection and variables.
    public init(operation: GraphQLOperation) {
        let dataID: DataID =
            switch operation.kind {
            case .query: .root
            case .mutation: .mutationRoot
            case .subscription: .subscriptionRoot
            }
        self.init(dataID: dataID, selectionSet: operation.selectionSet, variables: operation.variables)
    }
}
