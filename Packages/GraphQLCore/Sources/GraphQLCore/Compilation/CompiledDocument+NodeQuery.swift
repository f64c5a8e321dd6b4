extension CompiledDocument {
    /// The text of the query that fetches the fragment `name` for one record through Relay's
    /// `node(id:)` root field: `query <name>Node($id: ID!) { node(id: $id) { ...<name> } }`, followed
    /// by the fragment and every fragment it spreads, as written (client directives kept, so the
    /// query compiles to the same selections the fragment reads).
    ///
    /// For a fragment handle that fetches its own record when its data is missing or stale, as
    /// Relay's refetchable fragments do. Throws ``GraphQLCoreError/Code/unknownFragment`` when the
    /// document defines no fragment `name`.
    public func nodeQueryText(forFragment name: String) throws(GraphQLCoreError) -> String {
        var definitions: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where definitions[fragment.name] == nil {
            definitions[fragment.name] = fragment
        }
        guard let fragment = definitions[name] else {
            throw GraphQLCoreError(.unknownFragment, "Unknown fragment '\(name)'.")
        }
        var used = FragmentUsage.fragmentsUsed(by: fragment.selectionSet, in: definitions)
        used.insert(name)
        let fragments = document.fragments.filter { used.contains($0.name) }
        let query = "query \(name)Node($id: ID!) { node(id: $id) { ...\(name) } }\n"
        return query + Printer.print(Document(definitions: fragments.map { .fragment($0) }))
    }
}
