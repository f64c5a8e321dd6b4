import GraphQLCore

extension StoreTransaction {
    /// Where ``insertEdge(node:cursor:at:key:filters:parent:)`` puts the new edge.
    public enum EdgePosition: Sendable, Hashable {
        /// Before every edge: a new post at the top of a feed.
        case start
        /// After every edge.
        case end
    }

    /// Inserts an edge to `node` into every `@connection` list stored under `key` on `parent`:
    /// the list of these `filters` values only, or every filter's list when `filters` is `nil`.
    /// What Relay's `ConnectionHandler.insertEdgeAfter` and `@prependEdge` do, for an updater
    /// after a mutation that created `node`. A list that already holds `node` is left as it is.
    /// Returns how many lists changed.
    ///
    /// The edge's `cursor` is `cursor` (null when not given; the list's `pageInfo` is left as it
    /// is, so the next page still follows the server's last cursor), and its typename is that of
    /// the list's other edges. The node's record is not written: publish it (the mutation's
    /// response usually does) for the list's reads to find its fields.
    ///
    /// `parent` is the record the connection field is on: the query root by default, for a field
    /// of `Query`; for `user(id:) { posts @connection(...) }` it is the user's record. Throws
    /// `StoreError` with code ``StoreError/Code/connectionNotFound`` when no list is stored under
    /// `key` (and `filters`) on `parent`, rather than changing nothing without a word.
    @discardableResult
    public mutating func insertEdge(
        node: DataID, cursor: String? = nil, at position: EdgePosition, key: String, filters: JSONObject? = nil,
        parent: DataID = .root
    ) throws(StoreError) -> Int {
        var changed = 0
        for connectionID in try connections(key: key, filters: filters, parent: parent) {
            guard let connection = record(connectionID) else { continue }
            let edges = Self.links(connection[ConnectionMerge.edgesKey])
            let edgeID = DataID.client(parent: connectionID, storageKey: ConnectionMerge.edgesKey + ":" + node.rawValue)
            if edges.contains(.link(edgeID)) || edges.contains(where: { nodeID(of: $0) == node }) { continue }
            var values: [String: RecordValue] = [
                "cursor": cursor.map { .scalar(.string($0)) } ?? .null, "node": .link(node),
            ]
            let typename = edgeTypename(in: edges)
            if let typename { values["__typename"] = .scalar(.string(typename)) }
            stage(RecordPatch(typename: typename, values: values), for: edgeID)
            let list = position == .start ? [.link(edgeID)] + edges : edges + [.link(edgeID)]
            stage(RecordPatch(typename: nil, values: [ConnectionMerge.edgesKey: .links(list)]), for: connectionID)
            changed += 1
        }
        return changed
    }

    /// Removes every edge to `node` from every `@connection` list stored under `key` on `parent`
    /// (of these `filters`, or of every filter when `nil`): what Relay's `@deleteEdge` does after
    /// a mutation that deleted it. The node's record stays until a collection finds nothing
    /// retaining it. Returns how many lists changed. Throws as
    /// ``insertEdge(node:cursor:at:key:filters:parent:)`` does when no such list is stored.
    @discardableResult
    public mutating func removeNode(_ node: DataID, key: String, filters: JSONObject? = nil, parent: DataID = .root)
        throws(StoreError) -> Int
    {
        var changed = 0
        for connectionID in try connections(key: key, filters: filters, parent: parent) {
            guard let connection = record(connectionID) else { continue }
            let edges = Self.links(connection[ConnectionMerge.edgesKey])
            let kept = edges.filter { nodeID(of: $0) != node }
            guard kept.count != edges.count else { continue }
            stage(RecordPatch(typename: nil, values: [ConnectionMerge.edgesKey: .links(kept)]), for: connectionID)
            changed += 1
        }
        return changed
    }

    /// The connection records stored under `key` on `parent`, as the store shows them with what is
    /// staged: the one of `filters`, or every one whose storage key starts with the key's name.
    /// The lists stored under `key` (and `filters`) on `parent`; throws when there is none.
    private func connections(key: String, filters: JSONObject?, parent: DataID) throws(StoreError) -> [DataID] {
        guard let parentRecord = record(parent) else {
            throw Self.connectionNotFound(key: key, filters: filters, parent: parent)
        }
        let name = CompiledConnection(key: key, filters: nil, filterArguments: [], pagingArguments: []).storageName
        let storageKeys: [String]
        if let filters {
            let connection = CompiledConnection(
                key: key, filters: filters.keys,
                filterArguments: filters.map { CompiledArgument(name: $0.key, value: .literal($0.value)) },
                pagingArguments: [])
            storageKeys = [connection.storageKey(variables: JSONObject())]
        } else {
            storageKeys = parentRecord.fields.keys.filter { $0 == name || $0.hasPrefix(name + "(") }.sorted()
        }
        let found = storageKeys.compactMap { storageKey -> DataID? in
            if case .link(let id)? = parentRecord[storageKey] { return id }
            return nil
        }
        guard !found.isEmpty else { throw Self.connectionNotFound(key: key, filters: filters, parent: parent) }
        return found
    }

    private static func connectionNotFound(key: String, filters: JSONObject?, parent: DataID) -> StoreError {
        let which = filters == nil ? "" : " with those filters"
        let hint = parent == .root ? "; a list on another record needs parent: that record's ID" : ""
        return StoreError(
            .connectionNotFound, "no @connection list \"\(key)\"\(which) is stored on \(parent.rawValue)\(hint)")
    }

    /// The typename of the list's first edge that has one.
    private func edgeTypename(in edges: [RecordValue]) -> String? {
        for case .link(let id) in edges {
            if let typename = record(id)?.typename { return typename }
        }
        return nil
    }

    private func nodeID(of edge: RecordValue) -> DataID? {
        guard case .link(let edgeID) = edge, case .link(let node)? = record(edgeID)?["node"] else { return nil }
        return node
    }

    private static func links(_ value: RecordValue?) -> [RecordValue] {
        if case .links(let links)? = value { return links }
        return []
    }
}
