/// An executable document compiled once into what the runtime needs: for each operation, the text
/// to send and the selection tree to read and write the store with; for each fragment, the tree to
/// read it from a record. Made once per document text and shared; ``operation(named:variables:)``
/// then only coerces variables.
///
/// With a schema, the document is validated first, abstract type conditions resolve through the
/// schema's possible types, and each type's key fields (`id` by default) are added to its
/// selections. **Without a schema** the document still compiles: type conditions match a record
/// only when its `__typename` equals the condition's name, no key field is added (only
/// `__typename`), and variables are checked for nullability, lists and the built-in scalars while
/// other named types pass through as given.
///
/// The text sent for an operation (``GraphQLOperation/text``) has no client directives (`@cacheExpiration`)
/// and no descriptions on the operation, its variables or its fragments (the working draft allows
/// them, servers on older graphql-js reject them), so neither changes the operation's identity.
///
/// **Aliases over key fields are rejected.** An alias that takes the response key of a key field the
/// type has (`{ user { id: name } }`) or of `__typename` (`__typename: name`) for a different field
/// throws ``GraphQLCoreError/Code/keyFieldAlias`` naming the alias, the field and the type, at the
/// field's location: the response would carry the other field's value where the store reads the
/// object's key or type. Aliasing a field to its own name (`id: id`) is fine, and on a root type,
/// whose record is not keyed by a field, only `__typename` is reserved. See decision record 0090.
///
/// The same text gives equal results in every process: nothing here depends on hashing seeds,
/// dictionary order or the clock.
public struct CompiledDocument: Sendable {
    /// The document as given.
    public let document: Document
    /// The options it was compiled with.
    public let options: CompilationOptions
    let schema: (any CompilationSchema)?
    private let operations: [PreparedOperation]
    private let fragments: [String: CompiledFragment]

    /// What an operation is before variables: everything but their coerced values.
    struct PreparedOperation: Sendable {
        var kind: OperationKind
        var name: String?
        var text: String
        var textDigest: [UInt8]
        var rootTypeName: String
        var selectionSet: CompiledSelectionSet
        var variableDefinitions: [VariableDefinition]
        var cacheExpiration: Duration?
    }

    /// Compiles `document`, validating it against `schema` first when one is given, unless the
    /// schema found this document valid recently (an app that calls `validate(_:against:)` first
    /// pays for validation once).
    ///
    /// A document of fragments alone (for reading fragments from records) is valid though no operation
    /// uses them.
    ///
    /// Throws the document's validation errors (code ``GraphQLCoreError/Code/validation``; several
    /// are thrown as one error with a line per error and all their locations), an error for an
    /// invalid `@cacheExpiration` (``GraphQLCoreError/Code/invalidClientDirective``), an alias over a
    /// key field or `__typename` (``GraphQLCoreError/Code/keyFieldAlias``), or, without a schema, an
    /// error for an unknown fragment or a fragment cycle.
    ///
    /// The schema's `@typePolicy` key fields (``Schema/keyFields``) are added to `options`; a type that
    /// `options.keyFields` names keeps the key fields given there.
    public init(document: Document, schema: Schema? = nil, options: CompilationOptions = CompilationOptions())
        throws(GraphQLCoreError)
    {
        if let schema, !schema.validatedDocuments.contains(document),
            let failure = ValidationErrors.combined(ValidationErrors.errors(of: document, against: schema))
        {
            throw failure
        }
        let options = schema.map { options.addingKeyFields(of: $0) } ?? options
        try self.init(document: document, compilationSchema: schema, options: options)
    }

    /// Parses `text` and compiles it; see ``init(document:schema:options:)``. A syntax error is
    /// thrown with code ``GraphQLCoreError/Code/syntax``.
    public init(text: String, schema: Schema? = nil, options: CompilationOptions = CompilationOptions())
        throws(GraphQLCoreError)
    {
        try self.init(document: Document(parsing: text), schema: schema, options: options)
    }

    /// Compiles `document`; the schema, if any, has already validated it.
    init(document: Document, compilationSchema schema: (any CompilationSchema)?, options: CompilationOptions)
        throws(GraphQLCoreError)
    {
        self.document = document
        self.options = options
        self.schema = schema

        var definitions: [String: FragmentDefinition] = [:]
        for fragment in document.fragments {
            guard definitions[fragment.name] == nil else {
                throw GraphQLCoreError(
                    .validation, "There can be only one fragment named '\(fragment.name)'.",
                    locations: [fragment.location.start], rule: "UniqueFragmentNamesRule")
            }
            definitions[fragment.name] = fragment
        }
        let addition = FieldAddition(schema: schema, options: options)
        var rewritten: [String: FragmentDefinition] = [:]
        for fragment in document.fragments { rewritten[fragment.name] = try addition.transform(fragment) }
        var compiler = SelectionCompiler(fragments: rewritten, schema: schema)

        var fragments: [String: CompiledFragment] = [:]
        for fragment in document.fragments {
            guard let definition = rewritten[fragment.name] else { continue }
            // A spread of the fragment on its own type inlines it, and reports a cycle through it.
            let selectionSet = try compiler.compile(
                SelectionSet(selections: [.fragmentSpread(FragmentSpread(name: fragment.name))]),
                parentType: fragment.typeCondition)
            fragments[fragment.name] = CompiledFragment(
                name: fragment.name, typeCondition: definition.typeCondition,
                possibleTypes: schema?.possibleTypeNames(of: definition.typeCondition), selectionSet: selectionSet)
        }
        self.fragments = fragments

        var operations: [PreparedOperation] = []
        for operation in document.operations {
            let cacheExpiration = try ClientDirectives.cacheExpiration(of: operation)
            let transformed = try addition.transform(operation)
            let rootTypeName: String
            if let schema {
                guard let root = schema.rootTypeName(for: operation.kind) else {
                    throw GraphQLCoreError(
                        .validation, "The schema does not support \(operation.kind.rawValue) operations.",
                        locations: [operation.location.start], rule: "KnownOperationTypesRule")
                }
                rootTypeName = root
            } else {
                rootTypeName = Self.conventionalRootTypeName(operation.kind)
            }
            let selectionSet = try compiler.compile(transformed.selectionSet, parentType: rootTypeName)
            let used = FragmentUsage.fragmentsUsed(by: transformed.selectionSet, in: rewritten)
            let usedFragments = document.fragments.compactMap { used.contains($0.name) ? rewritten[$0.name] : nil }
            let text = Printer.printCompact(
                Document(definitions: [.operation(transformed)] + usedFragments.map { .fragment($0) }))
            operations.append(
                PreparedOperation(
                    kind: operation.kind, name: operation.name, text: text,
                    textDigest: OperationIdentity.textDigest(text),
                    rootTypeName: rootTypeName, selectionSet: selectionSet,
                    variableDefinitions: operation.variableDefinitions, cacheExpiration: cacheExpiration))
        }
        self.operations = operations
    }

    /// The names of the document's operations, in order (`nil` for an anonymous one).
    public var operationNames: [String?] { operations.map(\.name) }

    /// The operation `name` (or the document's only operation) with `variables` coerced against
    /// their declared types, defaults applied.
    ///
    /// Throws ``GraphQLCoreError/Code/unknownOperation`` when there is no such operation (or several
    /// and no name), and ``GraphQLCoreError/Code/invalidVariable`` naming the variable and the path
    /// inside it when a value does not fit.
    public func operation(named name: String? = nil, variables: JSONObject = [:]) throws(GraphQLCoreError)
        -> GraphQLOperation
    {
        let prepared: PreparedOperation
        if let name {
            guard let named = operations.first(where: { $0.name == name }) else {
                throw GraphQLCoreError(.unknownOperation, "Unknown operation named '\(name)'.")
            }
            prepared = named
        } else {
            guard let only = operations.first else {
                throw GraphQLCoreError(.unknownOperation, "Must provide an operation.")
            }
            guard operations.count == 1 else {
                throw GraphQLCoreError(
                    .unknownOperation, "Must provide operation name if query contains multiple operations.")
            }
            prepared = only
        }
        let coerced = try VariableCoercion(schema: schema).coerce(variables, definitions: prepared.variableDefinitions)
        return GraphQLOperation(
            kind: prepared.kind, name: prepared.name, text: prepared.text, textDigest: prepared.textDigest,
            rootTypeName: prepared.rootTypeName,
            selectionSet: prepared.selectionSet, variables: coerced, cacheExpiration: prepared.cacheExpiration)
    }

    /// The fragment `name`, compiled for reading it from a record; throws
    /// ``GraphQLCoreError/Code/unknownFragment`` when the document defines none of that name.
    public func fragment(named name: String) throws(GraphQLCoreError) -> CompiledFragment {
        guard let fragment = fragments[name] else {
            throw GraphQLCoreError(.unknownFragment, "Unknown fragment '\(name)'.")
        }
        return fragment
    }

    /// The root type names the GraphQL spec's schema definition uses by default.
    static func conventionalRootTypeName(_ kind: OperationKind) -> String {
        switch kind {
        case .query: "Query"
        case .mutation: "Mutation"
        case .subscription: "Subscription"
        }
    }
}
