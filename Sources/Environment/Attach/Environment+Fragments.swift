import GraphQLCore
import StoreCore

extension GraphQLEnvironment {
    /// Attaches the fragment `name` of `document` on one record: a list cell observes its own entity
    /// (Relay's `useFragment`), with the phases, retention and collection of an operation's handle.
    ///
    /// The record is the object of type `typename` (the fragment's type condition when `nil`) whose
    /// key is `id`, identified as the store identifies objects (`Type:id` by default). The handle
    /// reads the fragment from that record and changes whenever any operation writes a field it
    /// reads; its retention keeps the record and what the fragment reaches from it.
    ///
    /// To fetch, the handle sends `query <name>Node($id: ID!) { node(id: $id) { ...<name> } }`
    /// (Relay's refetchable fragments): with `storeOrNetwork` when the fragment's data is missing or
    /// stale, with `storeAndNetwork` and `networkOnly` always, and to heal, refetch, revalidate or
    /// invalidate as any root. That needs a `node(id: ID!)` field on the schema's query root;
    /// without one (or without a schema), only `storeOnly` is accepted: the handle is `failed`
    /// (``MissingDataError``) until another operation writes the record, then `loaded`.
    ///
    /// Throws `GraphQLCoreError` when the document has no such fragment or the `node` query does not
    /// validate (the fragment's type cannot be a `node`), and ``HandleError`` with code
    /// ``HandleError/Code/notRefetchable`` for a policy that may fetch without a `node` field.
    /// Nothing is sent when it throws.
    public func attach(
        fragment name: String, in document: CompiledDocument, typename: String? = nil, id: String,
        policy: FetchPolicy = .storeOrNetwork
    ) throws -> Handle {
        let fragment = try document.fragment(named: name)
        let text = try document.nodeQueryText(forFragment: name)
        let refetchable = schema.map(Self.hasNodeField) ?? false
        guard refetchable || !policy.allowsNetwork else {
            throw HandleError(
                .notRefetchable, operationName: name + "Node",
                message:
                    "the schema has no node(id:) field on its query root, so the fragment cannot fetch its record; attach it storeOnly"
            )
        }
        let query: CompiledDocument
        let cacheKey = TypedOperationCache.NodeQueryKey(text: text, options: document.options)
        if let known = typedOperations.withLock({ $0.nodeQueries[cacheKey] }) {
            query = known
        } else {
            // Without a `node` field it is never sent: it only names the root (its text and the id
            // make its identity), so it compiles without the schema.
            query = try CompiledDocument(
                text: text, schema: refetchable ? schema : nil, options: document.options)
            typedOperations.withLock { $0.nodeQueries[cacheKey] = query }
        }
        let operation = try query.operation(named: name + "Node", variables: ["id": .string(id)])
        let type = typename ?? fragment.typeCondition
        let object: JSONObject = ["id": .string(id)]
        guard let key = store.dataID(typename: type, object: object) else {
            throw HandleError(
                .notRefetchable, operationName: name + "Node",
                message: "the store's key function gives no record for a \(type) of that id")
        }
        let readRoot = StoreRoot(dataID: key, selectionSet: fragment.selectionSet, variables: operation.variables)
        return attach(operation, readRoot: readRoot, policy: policy)
    }

    /// Whether the schema's query root has `node(id:)`, the field a fragment handle fetches through.
    private static func hasNodeField(_ schema: Schema) -> Bool {
        guard let query = schema.rootTypeName(for: .query), let node = schema.field("node", on: query) else {
            return false
        }
        return node.arguments.contains { $0.name == "id" }
    }
}
