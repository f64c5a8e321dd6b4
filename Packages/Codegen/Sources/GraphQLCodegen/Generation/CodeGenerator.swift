import GraphQLCore

/// Turns a schema and `.graphql` documents into Swift: for each document a file with a
/// `GraphQLTypedOperation` per operation and a struct per fragment, and one file with the schema's
/// enums, input objects and custom scalars that the documents use.
///
/// The documents are validated together (an operation may spread a fragment from another file) and
/// the types follow the text the compiler sends, so that they decode the answer a server gives.
/// Nothing is generated unless everything is valid: the error lists every problem found, each at its
/// file, line and column. The same input gives the same bytes.
public enum CodeGenerator {
    /// The files generated from `schema` and `documents`, the namespace's file last.
    ///
    /// Throws ``CodegenError`` with every problem found: a schema that does not parse or is not
    /// valid, a document that does not parse or validate, an anonymous operation, a custom scalar
    /// without a mapping, a name with no Swift spelling or given to two generated declarations.
    public static func generate(
        schema schemaSource: CodegenSource, documents sources: [CodegenSource],
        configuration: CodegenConfiguration = CodegenConfiguration()
    ) throws(CodegenError) -> [GeneratedFile] {
        try generateWithManifest(schema: schemaSource, documents: sources, configuration: configuration).files
    }

    /// The files ``generate(schema:documents:configuration:)`` makes, and the persisted query
    /// manifest of the operations in them (what `graphql-codegen --manifest` writes).
    public static func generateWithManifest(
        schema schemaSource: CodegenSource, documents sources: [CodegenSource],
        configuration: CodegenConfiguration = CodegenConfiguration()
    ) throws(CodegenError) -> (files: [GeneratedFile], manifest: PersistedQueryManifest) {
        let schema: Schema
        do {
            schema = try Schema(sdl: schemaSource.text)
        } catch {
            let place = error.locations.first
            throw CodegenError(
                .invalidSchema,
                [
                    CodegenDiagnostic(
                        file: schemaSource.path, line: place?.line, column: place?.column, message: error.message)
                ])
        }

        // Each file alone first, so that a syntax error is reported in its own file.
        var syntax: [CodegenDiagnostic] = []
        for source in sources {
            do {
                _ = try Document(parsing: source.text)
            } catch {
                let place = error.locations.first
                syntax.append(
                    CodegenDiagnostic(
                        file: source.path, line: place?.line, column: place?.column, message: error.message))
            }
        }
        guard syntax.isEmpty else { throw CodegenError(.invalidDocument, syntax) }

        let documents = DocumentSet(sources)
        let document: Document
        do {
            document = try Document(parsing: documents.text)
        } catch {
            throw CodegenError(.invalidDocument, [documents.diagnostic(at: error.locations.first, error.message)])
        }
        var invalid: [CodegenDiagnostic] = []
        // A fragment no operation spreads is still generated, as a type of its own.
        for error in validate(document, against: schema) where error.rule != "NoUnusedFragmentsRule" {
            for diagnostic in diagnostics(of: error, in: documents) where !invalid.contains(diagnostic) {
                invalid.append(diagnostic)
            }
        }
        for operation in document.operations where operation.name == nil {
            invalid.append(
                documents.diagnostic(
                    at: operation.location.start,
                    "An operation needs a name to be generated: its type is named after it."))
        }
        guard invalid.isEmpty else { throw CodegenError(.invalidDocument, invalid) }

        let (sent, clientOperations) = try sentDefinitions(of: document, schema: schema, documents: documents)
        let context = GenerationContext(
            schema: schema, configuration: configuration, documents: documents, fragments: sent.fragments)
        let access = configuration.accessLevel == .public ? "public " : ""
        for fragment in document.fragments {
            if let target = CatchTarget.of(fragment.directives) { context.catchDefaults[fragment.name] = target }
        }
        let builder = SelectionBuilder(context: context)
        checkTopLevelNames(sent, context: context)

        var files: [GeneratedFile] = []
        var fileNames: Set<String> = []
        var manifest: [PersistedQueryManifest.Operation] = []
        for (index, span) in documents.spans.enumerated() {
            var writer = SwiftWriter()
            // The nested structs declared in this file, by their text: a later equal one is an alias.
            var emitted: [String: String] = [:]
            writer.line(
                "// Generated by graphql-codegen from \(span.source.path.split(separator: "/").last ?? ""). Do not edit."
            )
            writer.line("")
            writer.line("import GraphQLCore")
            for definition in sent.definitions where documents.fileIndex(of: Self.location(of: definition)) == index {
                switch definition {
                case .operation(let operation):
                    guard let root = schema.rootTypeName(for: operation.kind) else { continue }
                    let written = document.operations.first { $0.name == operation.name }
                    let data = builder.build(
                        name: "Data", selections: operation.selectionSet.selections, on: root,
                        at: operation.location.start, catchDefault: written.flatMap { CatchTarget.of($0.directives) })
                    let text = CompiledDocument.sentText(of: operation, in: sent)
                    manifest.append(
                        PersistedQueryManifest.Operation(
                            name: operation.name ?? "", type: operation.kind.rawValue, body: text))
                    // `@cacheExpiration` has its own member; a client text is for the directives
                    // inside the selection (`@connection`), which have none.
                    let clientText = clientOperations.operations.first { $0.name == operation.name }.map {
                        var kept = $0
                        kept.directives = operation.directives
                        return CompiledDocument.sentText(of: kept, in: clientOperations)
                    }
                    OperationEmitter(context: context, access: access).emit(
                        operation, text: text, clientText: clientText == text ? nil : clientText,
                        cacheExpirationSeconds: written.flatMap(OperationEmitter.cacheExpirationSeconds(of:)),
                        data: data, emitted: &emitted,
                        into: &writer)
                case .fragment(let fragment):
                    let model = builder.build(
                        name: fragment.name, selections: fragment.selectionSet.selections, on: fragment.typeCondition,
                        at: fragment.location.start, isFragment: true,
                        catchDefault: context.catchDefaults[fragment.name])
                    SelectionEmitter(access: access, memberwise: context.configuration.memberwiseInitializers).emit(
                        model, documentation: "The fragment `\(fragment.name)` on `\(fragment.typeCondition)`.",
                        fragment: SelectionEmitter.FragmentMembers(
                            name: fragment.name, typeCondition: fragment.typeCondition,
                            text: Self.sentText(of: fragment, in: sent)),
                        into: &writer)
                    SelectionEmitter(access: access, memberwise: context.configuration.memberwiseInitializers)
                        .emitNested(
                            of: model, path: SwiftNames.escaped(model.name), emitted: &emitted, into: &writer)
                default:
                    continue
                }
            }
            let name = span.source.baseName + ".graphql.swift"
            if !fileNames.insert(name).inserted {
                context.problem(.nameCollision, at: nil, "Two documents would both generate '\(name)'; rename one.")
            }
            files.append(GeneratedFile(name: name, contents: writer.output))
        }

        checkEnumCases(context: context, schemaPath: schemaSource.path)
        var writer = SwiftWriter()
        writer.line(
            "// Generated by graphql-codegen from \(schemaSource.path.split(separator: "/").last ?? ""). Do not edit.")
        writer.line("")
        writer.line("import GraphQLCore")
        writer.line("")
        SchemaTypesEmitter(context: context, access: access).emit(into: &writer)
        let namespaceFile = configuration.schemaNamespace + ".graphql.swift"
        if !fileNames.insert(namespaceFile).inserted {
            context.problem(
                .nameCollision, at: nil,
                "A document would generate '\(namespaceFile)', the schema namespace's file; rename it.")
        }
        files.append(GeneratedFile(name: namespaceFile, contents: writer.output))

        if let code = context.firstProblemCode { throw CodegenError(code, context.problems) }
        return (files, PersistedQueryManifest(operations: manifest))
    }

    /// The diagnostics of a validation error: one at its first location, or, for a name defined twice
    /// (often in two files), one at each definition naming the other, so that each is found from its
    /// own file.
    private static func diagnostics(of error: GraphQLCoreError, in documents: DocumentSet) -> [CodegenDiagnostic] {
        let duplicates: Set<String> = ["UniqueOperationNamesRule", "UniqueFragmentNamesRule"]
        guard duplicates.contains(error.rule ?? ""), error.locations.count == 2 else {
            return [documents.diagnostic(at: error.locations.first, error.message)]
        }
        let message = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
        return zip(error.locations, error.locations.reversed()).map { location, other in
            let place = documents.diagnostic(at: other, "")
            let otherPlace = "\(place.file):\(place.line ?? 0):\(place.column ?? 0)"
            return documents.diagnostic(at: location, "\(message); another is defined at \(otherPlace).")
        }
    }

    /// The operations and fragments as sent, in document order: the operations compiled with the
    /// fragments they use, and every fragment compiled alone (a fragment no operation uses is valid
    /// there). Beside them, the operations and the fragments they use with their client directives
    /// kept, for each operation's client text.
    private static func sentDefinitions(of document: Document, schema: Schema, documents: DocumentSet)
        throws(CodegenError) -> (sent: Document, client: Document)
    {
        do {
            let used = fragmentsUsed(by: document.operations.map(\.selectionSet), in: document.fragments)
            var operations: [Definition] = []
            var client = Document(definitions: [])
            if !document.operations.isEmpty {
                let compiled = try CompiledDocument(
                    document: Document(
                        definitions: document.definitions.filter {
                            switch $0 {
                            case .operation: true
                            case .fragment(let fragment): used.contains(fragment.name)
                            default: false
                            }
                        }),
                    schema: schema)
                operations = try compiled.sentDefinitions().operations.map { .operation($0) }
                client = try compiled.sentDefinitions(keepingClientDirectives: true)
            }
            var fragments: [Definition] = []
            if !document.fragments.isEmpty {
                let compiled = try CompiledDocument(
                    document: Document(definitions: document.fragments.map { .fragment($0) }), schema: schema)
                fragments = try compiled.sentDefinitions().fragments.map { .fragment($0) }
            }
            // Back in document order, so that each file's definitions print in the order written.
            let all = operations + fragments
            return (Document(definitions: all.sorted { Self.precedes(location(of: $0), location(of: $1)) }), client)
        } catch {
            throw CodegenError(.invalidDocument, [documents.diagnostic(at: error.locations.first, error.message)])
        }
    }

    /// The names of the fragments `sets` spread, directly or through other fragments of `fragments`.
    private static func fragmentsUsed(by sets: [SelectionSet], in fragments: [FragmentDefinition]) -> Set<String> {
        var used = Set<String>()
        var pending = sets
        let byName = Dictionary(fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field): if let inner = field.selectionSet { pending.append(inner) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    if used.insert(spread.name).inserted, let definition = byName[spread.name] {
                        pending.append(definition.selectionSet)
                    }
                }
            }
        }
        return used
    }

    /// The text of `fragment`, one of the fragments of `sent`: its definition followed by those of the
    /// fragments it spreads, in their order there, printed as an operation's sent text is, so that it
    /// compiles on its own to the same definitions.
    static func sentText(of fragment: FragmentDefinition, in sent: Document) -> String {
        let used = fragmentsUsed(by: [fragment.selectionSet], in: sent.fragments)
        let spread = sent.fragments.filter { used.contains($0.name) && $0.name != fragment.name }
        return Printer.printCompact(Document(definitions: [.fragment(fragment)] + spread.map { .fragment($0) }))
    }

    private static func precedes(_ first: SourceLocation, _ second: SourceLocation) -> Bool {
        (first.line, first.column) < (second.line, second.column)
    }

    private static func location(of definition: Definition) -> SourceLocation {
        switch definition {
        case .operation(let operation): operation.location.start
        case .fragment(let fragment): fragment.location.start
        default: SourceLocation(line: 0, column: 0)
        }
    }

    /// Operation and fragment types live side by side in the module: two of one name, or one named
    /// like the namespace or a type the generated code uses, would not compile.
    private static func checkTopLevelNames(_ sent: Document, context: GenerationContext) {
        var seen: [String: String] = [:]
        func claim(_ name: String, _ what: String, at location: SourceLocation) {
            if let other = seen[name] {
                context.problem(
                    .nameCollision, at: location, "\(what) would generate the type '\(name)', as \(other) does.")
            } else if name == context.configuration.schemaNamespace || SwiftNames.reservedTypeNames.contains(name) {
                context.problem(
                    .nameCollision, at: location,
                    "\(what) would generate the type '\(name)', which the generated code needs for another type.")
            }
            seen[name] = what.prefix(1).lowercased() + what.dropFirst()
        }
        for definition in sent.definitions {
            switch definition {
            case .operation(let operation):
                claim(
                    OperationEmitter.typeName(of: operation), "The operation '\(operation.name ?? "")'",
                    at: operation.nameLocation.start.line > 0 ? operation.nameLocation.start : operation.location.start)
            case .fragment(let fragment):
                claim(
                    fragment.name, "The fragment '\(fragment.name)'",
                    at: fragment.nameLocation.start.line > 0 ? fragment.nameLocation.start : fragment.location.start)
            default: continue
            }
        }
    }

    /// Two values of one enum must not give one case, nor the case the unknown values take (a value
    /// named like it has to start with `__`, which a schema that validates does not allow).
    private static func checkEnumCases(context: GenerationContext, schemaPath: String) {
        for name in context.usedEnums.sorted() {
            guard let type = context.schema.type(named: name) else { continue }
            var seen: [String: String] = [:]
            let unknown = SchemaTypesEmitter.unknownCase(of: type)
            for value in type.enumValues {
                let swiftCase = SwiftNames.enumCase(value.name)
                let clash =
                    swiftCase == unknown
                    ? "the case that holds values not known here" : seen[swiftCase].map { "'\($0)'" }
                if let clash {
                    context.report(
                        CodegenDiagnostic(
                            file: schemaPath,
                            message:
                                "The value '\(value.name)' of enum '\(name)' would be the Swift case '\(swiftCase)', as \(clash) is."
                        ))
                }
                seen[swiftCase] = value.name
            }
        }
    }
}
