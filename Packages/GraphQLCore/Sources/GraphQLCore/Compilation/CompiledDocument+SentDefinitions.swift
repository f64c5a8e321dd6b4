extension CompiledDocument {
    /// The document's operations and fragments as they are sent, in document order: each rewritten as
    /// the compiler rewrites it for ``GraphQLOperation/text`` (`__typename` and key fields added,
    /// client directives and descriptions removed).
    ///
    /// For tools that need the shape of the answer a server gives, such as a code generator: the
    /// answer follows these definitions, not the ones written. Nodes written in the source keep their
    /// locations; the nodes the compiler added have ``NodeLocation/unknown``.
    ///
    /// With `keepingClientDirectives`, `@connection` and `@cacheExpiration` stay where they were
    /// written: a text that compiles again to these same definitions and sent texts, and to the same
    /// client behaviour (``GraphQLTypedOperation/clientText``). `@catch` is not kept: it shapes the
    /// generated code (a field keeps it in ``Field/clientDirectives``) and the runtime never reads it.
    public func sentDefinitions(keepingClientDirectives: Bool = false) throws(GraphQLCoreError) -> Document {
        let addition = FieldAddition(
            schema: schema, options: options, keepsClientDirectives: keepingClientDirectives)
        var definitions: [Definition] = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): definitions.append(.operation(try addition.transform(operation)))
            case .fragment(let fragment): definitions.append(.fragment(try addition.transform(fragment)))
            default: continue
            }
        }
        return Document(definitions: definitions)
    }

    /// The text sent for `operation`, one of the operations of ``sentDefinitions(keepingClientDirectives:)``: the operation
    /// followed by the fragments of `sent` it uses, in their order there, printed. Equal to the
    /// ``GraphQLOperation/text`` of the operation ``operation(named:variables:)`` makes, without
    /// needing its variables.
    public static func sentText(of operation: OperationDefinition, in sent: Document) -> String {
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in sent.fragments where fragments[fragment.name] == nil { fragments[fragment.name] = fragment }
        let used = FragmentUsage.fragmentsUsed(by: operation.selectionSet, in: fragments)
        let usedFragments = sent.fragments.filter { used.contains($0.name) }
        return Printer.printCompact(
            Document(definitions: [.operation(operation)] + usedFragments.map { .fragment($0) }))
    }
}
