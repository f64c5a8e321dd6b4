import GraphQLCore

/// Where an operation's `@connection` field is, and how to read its list and its `pageInfo` from
/// the operation's data: what a paged handle and a paged root's refetch need.
///
/// Found through object fields only: a connection inside a list has one list per item, and no one
/// "next page" to ask for.
struct PagedConnection: Sendable, Hashable {
    let connection: CompiledConnection
    /// The response keys from the operation's root to the connection field.
    let path: [String]
    /// A cursor connection's response keys for its edges and `pageInfo`; `nil` for an offset list,
    /// whose field is the list.
    let cursorKeys: CursorKeys?

    /// The response keys a cursor connection's list and `pageInfo` are read with; a `pageInfo`
    /// field the operation does not select (a forward-only or backward-only feed) is `nil`.
    struct CursorKeys: Sendable, Hashable {
        let edges: String
        let pageInfo: String
        let hasNextPage: String?
        let endCursor: String?
        let hasPreviousPage: String?
        let startCursor: String?
    }

    /// What the data says of the list now. An offset list's data says nothing of what follows:
    /// its `hasNextPage` is false here, and the paged handle knows better (``PagedHandle/hasNext``).
    struct Position: Sendable, Hashable {
        var edgeCount: Int
        var hasNextPage: Bool
        var endCursor: String?
        var hasPreviousPage: Bool
        var startCursor: String?
    }

    /// The one connection `operation` selects outside lists, or `nil` when it selects none or several.
    static func unique(in operation: GraphQLOperation) -> PagedConnection? {
        let found = all(in: operation.selectionSet)
        return found.count == 1 ? found[0] : nil
    }

    /// Every connection `selectionSet` selects outside lists, in document order.
    static func all(in selectionSet: CompiledSelectionSet) -> [PagedConnection] {
        var found: [PagedConnection] = []
        // The compiled tree is finite and bounded by the parser's nesting limit; a stack keeps the
        // walk off the call stack anyway.
        var pending: [(CompiledSelectionSet, [String])] = [(selectionSet, [])]
        while let (set, path) = pending.popLast() {
            for selection in set.selections.reversed() {
                switch selection {
                case .field(let field):
                    guard let subselection = field.selectionSet else { continue }
                    if let connection = field.connection {
                        if let paged = PagedConnection(connection, path: path + [field.responseKey], subselection) {
                            found.append(paged)
                        }
                    } else if (field.shape?.listDepth ?? 0) == 0 {
                        pending.append((subselection, path + [field.responseKey]))
                    }
                case .typeCase(let typeCase): pending.append((typeCase.selectionSet, path))
                case .conditional(let conditional): pending.append((conditional.selectionSet, path))
                }
            }
        }
        return found
    }

    private init?(_ connection: CompiledConnection, path: [String], _ selectionSet: CompiledSelectionSet) {
        self.connection = connection
        self.path = path
        guard connection.kind == .cursor else {
            cursorKeys = nil
            return
        }
        guard let edges = Self.field("edges", in: selectionSet),
            let pageInfo = Self.field("pageInfo", in: selectionSet),
            let info = pageInfo.selectionSet
        else { return nil }
        // A forward-only (or backward-only) PageInfo selects one pair: the other end has no page.
        let key = { (name: String) in Self.field(name, in: info)?.responseKey }
        cursorKeys = CursorKeys(
            edges: edges.responseKey, pageInfo: pageInfo.responseKey, hasNextPage: key("hasNextPage"),
            endCursor: key("endCursor"), hasPreviousPage: key("hasPreviousPage"), startCursor: key("startCursor"))
    }

    private static func field(_ name: String, in selectionSet: CompiledSelectionSet) -> CompiledField? {
        for case .field(let field) in selectionSet.selections where field.name == name { return field }
        return nil
    }

    /// The list's position in `data` (a snapshot's, or a page's), or `nil` when the data does not
    /// hold the list.
    func position(in data: JSONValue?) -> Position? {
        var value = data
        for key in path { value = value?[key] }
        guard let keys = cursorKeys else {
            guard let items = value?.arrayValue else { return nil }
            return Position(edgeCount: items.count, hasNextPage: false, hasPreviousPage: false)
        }
        guard let edges = value?[keys.edges]?.arrayValue, let info = value?[keys.pageInfo] else { return nil }
        let field = { (key: String?) in key.flatMap { info[$0] } }
        return Position(
            edgeCount: edges.count, hasNextPage: field(keys.hasNextPage) == .bool(true),
            endCursor: field(keys.endCursor)?.stringValue, hasPreviousPage: field(keys.hasPreviousPage) == .bool(true),
            startCursor: field(keys.startCursor)?.stringValue)
    }

    /// The operation that refetches the whole list from its start, as many edges as are shown
    /// (Relay's strategy): `first` (or, for a list paged backward, `last`; for an offset list,
    /// `limit`) raised to `shown`, never lowered. `operation` itself when the count is passed as a
    /// literal or the list is no longer.
    func refetching(_ operation: GraphQLOperation, shown: Int) -> GraphQLOperation {
        for name in connection.kind == .cursor ? ["first", "last"] : ["limit"] {
            guard let variable = connection.variable(forPagingArgument: name) else { continue }
            guard case .int(let asked)? = operation.variables[variable], shown > asked else { return operation }
            return operation.with(variables: [variable: .int(shown)])
        }
        return operation
    }
}

extension GraphQLOperation {
    /// The same operation with some variables changed: a page of its connection, or its refetch.
    /// The values are the paging arguments' (an `Int` count, a `String` cursor), which coercion
    /// leaves as they are.
    func with(variables changes: JSONObject) -> GraphQLOperation {
        var variables = self.variables
        for (key, value) in changes { variables[key] = value }
        return GraphQLOperation(
            kind: kind, name: name, text: text, rootTypeName: rootTypeName, selectionSet: selectionSet,
            variables: variables, cacheExpiration: cacheExpiration)
    }
}
