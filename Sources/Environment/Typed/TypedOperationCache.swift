import GraphQLCore

/// What an environment keeps of generated operations and fragments: each type's compiled document, and the
/// operations made lately from a type and its variables (hashable variables only); and the compiled
/// `node(id:)` queries of fragment handles.
///
/// The operations are bounded: past ``capacity`` the table starts over, so an app that attaches
/// ever new variables (a search box) holds no more than that many.
struct TypedOperationCache: Sendable {
    /// A type and one value of its variables.
    struct Key: Hashable, @unchecked Sendable {
        // `AnyHashable` is not `Sendable`; the value in it is the generated `Variables`, which the
        // protocol requires to be `Sendable`, and a key is never mutated after it is made.
        var type: ObjectIdentifier
        var variables: AnyHashable
    }

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
    private(set) var operations: [Key: GraphQLOperation] = [:]

    mutating func remember(_ operation: GraphQLOperation, for key: Key) {
        if operations.count >= Self.capacity { operations.removeAll(keepingCapacity: true) }
        operations[key] = operation
    }
}
