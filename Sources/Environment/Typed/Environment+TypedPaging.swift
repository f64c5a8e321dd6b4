import GraphQLCore

extension GraphQLEnvironment {
    /// Attaches `operation` for paging as ``attachPaged(_:policy:)-(GraphQLOperation,_)`` does and reads its whole list as
    /// `type`, decoded once per change of the phase. Throws as ``attachPaged(_:policy:)-(GraphQLOperation,_)`` does.
    public func attachPaged<Data: Decodable & Sendable>(
        _ operation: GraphQLOperation, as type: Data.Type, policy: FetchPolicy = .storeOrNetwork
    ) throws -> TypedPagedHandle<Data> {
        TypedPagedHandle(paged: try attachPaged(operation, policy: policy))
    }

    /// Attaches a generated operation whose `@connection` list is read page by page:
    /// `environment.attachPaged(FeedQuery(first: 20))`. The generator keeps the `@connection` for the
    /// client (`clientText`), so the list pages as a hand-written document's does.
    ///
    /// Throws ``HandleError`` with code ``HandleError/Code/notPaged`` when the operation has no
    /// `@connection` field to page, and as the generated `attach` does otherwise.
    public func attachPaged<Operation: GraphQLTypedOperation>(
        _ operation: Operation, policy: FetchPolicy = .storeOrNetwork
    ) throws -> TypedPagedHandle<Operation.Data> {
        TypedPagedHandle(paged: try attachPaged(try compiled(operation), policy: policy))
    }
}
