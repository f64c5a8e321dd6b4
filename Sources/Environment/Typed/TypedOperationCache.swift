import GraphQLCore

/// What an environment keeps of generated operations and fragments: each type's compiled document, the
/// operations made lately from a type and its variables, and the compiled `node(id:)` queries of
/// fragment handles.
///
/// The operations are bounded: past ``capacity`` the table starts over, so an app that attaches
/// ever new variables (a search box) holds no more than that many.
struct TypedOperationCache: Sendable {
    /// A fragment handle's `node(id:)` query: its text and the options it compiles with, since
    /// documents with other key fields add other fields to the same text.
    struct NodeQueryKey: Hashable, Sendable {
        var text: String
        var options: CompilationOptions
    }

    /// How many operations are kept at most.
    static let capacity = 512

    var documents: [ObjectIdentifier: CompiledDocument] = [:]
    /// Fragment handles' `node(id:)` queries, compiled once per text and options (a list's cells all
    /// attach the same fragment); one per fragment an app has, so unbounded is bounded.
    var nodeQueries: [NodeQueryKey: CompiledDocument] = [:]
    /// Per generated type, a `[Variables: GraphQLOperation]` of that type's `Variables`: a lookup
    /// hashes the variables as they are, with no cast to `any Hashable` and no `AnyHashable` box.
    private var operations: [ObjectIdentifier: any Sendable] = [:]
    /// How many operations ``operations`` holds in all.
    private(set) var operationCount = 0

    /// The operation made from `variables` of the type `type`, when it is kept.
    func operation<Variables: Hashable & Sendable>(of type: ObjectIdentifier, for variables: Variables)
        -> GraphQLOperation?
    {
        (operations[type] as? [Variables: GraphQLOperation])?[variables]
    }

    /// Keeps `operation`, made from `variables` of the type `type`.
    mutating func remember<Variables: Hashable & Sendable>(
        _ operation: GraphQLOperation, of type: ObjectIdentifier, for variables: Variables
    ) {
        if operationCount >= Self.capacity {
            operations.removeAll(keepingCapacity: true)
            operationCount = 0
        }
        // Taken out while it changes, so that the change does not copy the table.
        var table = operations.removeValue(forKey: type) as? [Variables: GraphQLOperation] ?? [:]
        if table.updateValue(operation, forKey: variables) == nil { operationCount += 1 }
        operations[type] = table
    }
}
