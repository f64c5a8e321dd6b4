/// Reads `@connection(key: String!, filters: [String!])` off a field and checks that the field is a
/// cursor connection (the Relay connection spec), or an offset list (a field that passes `offset` or
/// `limit`: a list of objects, merged by position), so that the store can merge its pages.
///
/// A connection selects, without `@include`/`@skip` or a type condition in between,
/// `edges { cursor node { ... } }` and `pageInfo { hasNextPage endCursor }` (forward),
/// `pageInfo { hasPreviousPage startCursor }` (backward) or both, and passes `first` or `last`. With
/// a schema, the field's type must declare those fields (its `PageInfo` at least one of the two
/// pairs), the field must declare `first` and `after` or `last` and `before`, and each
/// filter must be one of its arguments. Every failure is a ``GraphQLCoreError/Code/invalidConnection``
/// at the directive, or at the argument it is about.
enum ConnectionDirective {
    /// The connection `field` asks for, compiled with `arguments` and `selectionSet`; `nil` when the
    /// field has no `@connection`.
    static func connection(
        of field: Field, parentType: String?, arguments: [CompiledArgument], selectionSet: CompiledSelectionSet?,
        schema: (any CompilationSchema)?
    ) throws(GraphQLCoreError) -> CompiledConnection? {
        let directives = field.clientDirectives.filter { $0.name == ClientDirectives.connection }
        guard let directive = directives.first else { return nil }
        let place = [directive.location.start]
        guard directives.count == 1 else {
            throw failure(
                "The directive '@connection' can only be used once on a field.", directives.map(\.location.start))
        }
        if let unknown = directive.arguments.first(where: { $0.name != "key" && $0.name != "filters" }) {
            throw failure("Unknown argument '\(unknown.name)' on directive '@connection'.", [unknown.location.start])
        }
        guard let keyArgument = directive.arguments.first(where: { $0.name == "key" }) else {
            throw failure("The directive '@connection' needs the argument 'key: String!'.", place)
        }
        guard case .string(let literal) = keyArgument.value, !literal.value.isEmpty else {
            throw failure(
                "The argument 'key' of '@connection' must be a non-empty String literal, got \(Printer.print(keyArgument.value)).",
                [keyArgument.location.start])
        }
        // A field paged by `offset`/`limit` is an offset list; every other one a cursor connection.
        let kind: CompiledConnection.Kind =
            arguments.contains { CompiledConnection.offsetArgumentNames.contains($0.name) } ? .offset : .cursor
        let pagingNames = CompiledConnection.pagingArgumentNames(of: kind)
        let filters = try filterNames(
            directive, field: field, parentType: parentType, paging: pagingNames, schema: schema)
        let paging = arguments.filter { pagingNames.contains($0.name) }
        switch kind {
        case .cursor:
            try checkShape(
                field, directive: directive, parentType: parentType, selectionSet: selectionSet, schema: schema)
            guard paging.contains(where: { $0.name == "first" || $0.name == "last" }) else {
                throw failure(
                    "The connection field '\(field.name)' must pass 'first' or 'last', so that its pages have a size.",
                    place)
            }
        case .offset:
            try checkOffsetShape(
                field, directive: directive, parentType: parentType, selectionSet: selectionSet, schema: schema)
            guard paging.contains(where: { $0.name == "limit" }) else {
                throw failure(
                    "The offset list '\(field.name)' must pass 'limit', so that its pages have a size.", place)
            }
        }
        let kept = arguments.filter { !pagingNames.contains($0.name) && (filters?.contains($0.name) ?? true) }
        return CompiledConnection(
            key: literal.value, filters: filters, filterArguments: kept, pagingArguments: paging, kind: kind)
    }

    /// Checks an offset list: a field with a selection whose type (with a schema) is a list of
    /// objects, one level deep, that declares `offset` and `limit`.
    private static func checkOffsetShape(
        _ field: Field, directive: Directive, parentType: String?, selectionSet: CompiledSelectionSet?,
        schema: (any CompilationSchema)?
    ) throws(GraphQLCoreError) {
        let place = [directive.location.start]
        let name = field.name
        guard selectionSet != nil else {
            throw failure("The offset list '\(name)' must be a list of objects with a selection.", place)
        }
        guard let schema, let parentType else { return }
        let declared = schema.fieldType(name, on: parentType)
        var inner = declared
        if case .nonNull(let type)? = inner { inner = type }
        guard case .list(let item)? = inner else {
            throw failure("The offset list '\(parentType).\(name)' must have a list type.", place)
        }
        var itemType = item
        if case .nonNull(let type) = itemType { itemType = type }
        guard case .named(let itemName) = itemType,
            schema.typeKind(of: itemName) == .object || schema.typeKind(of: itemName) == .interface
                || schema.typeKind(of: itemName) == .union
        else {
            throw failure("The offset list '\(parentType).\(name)' must be a list of objects, one level deep.", place)
        }
        let declares = { (argument: String) in schema.argumentType(argument, ofField: name, on: parentType) != nil }
        guard declares("offset") && declares("limit") else {
            throw failure(
                "The offset list '\(parentType).\(name)' must declare the arguments 'offset' and 'limit'.", place)
        }
    }

    /// The `filters` list, each a String literal naming an argument of the field that is not a paging one.
    private static func filterNames(
        _ directive: Directive, field: Field, parentType: String?, paging: Set<String>,
        schema: (any CompilationSchema)?
    ) throws(GraphQLCoreError) -> [String]? {
        guard let argument = directive.arguments.first(where: { $0.name == "filters" }) else { return nil }
        let items: [Value]
        switch argument.value {
        case .null: return nil
        case .list(let values): items = values
        case .string: items = [argument.value]  // GraphQL coerces one item to a list of one.
        default:
            throw failure(
                "The argument 'filters' of '@connection' must be a list of String literals, got \(Printer.print(argument.value)).",
                [argument.location.start])
        }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item else {
                throw failure(
                    "The argument 'filters' of '@connection' must be a list of String literals, got \(Printer.print(item)).",
                    [argument.location.start])
            }
            if paging.contains(name.value) {
                throw failure(
                    "The filter '\(name.value)' of '@connection' is a paging argument, which the list's key leaves out.",
                    [argument.location.start])
            }
            if let schema, let parentType, schema.argumentType(name.value, ofField: field.name, on: parentType) == nil {
                throw failure(
                    "The filter '\(name.value)' of '@connection' is not an argument of field '\(parentType).\(field.name)'.",
                    [argument.location.start])
            }
            names.append(name.value)
        }
        return names
    }

    /// Checks the selection (and, with a schema, the types) against the connection spec.
    private static func checkShape(
        _ field: Field, directive: Directive, parentType: String?, selectionSet: CompiledSelectionSet?,
        schema: (any CompilationSchema)?
    ) throws(GraphQLCoreError) {
        let place = [directive.location.start]
        let name = field.name
        guard let selectionSet else {
            throw failure("The connection field '\(name)' must select 'edges' and 'pageInfo'.", place)
        }
        if let schema, let parentType {
            let declared = schema.fieldType(name, on: parentType)
            let type = declared?.namedType ?? ""
            let isList: Bool
            switch declared {
            case .list?, .nonNull(.list)?: isList = true
            default: isList = false
            }
            guard !isList, schema.typeKind(of: type) == .object || schema.typeKind(of: type) == .interface else {
                throw failure("The connection field '\(name)' must have an object type, not a list or a leaf.", place)
            }
            for (inner, fields) in [("edges", ["cursor", "node"]), ("pageInfo", [])] {
                guard let innerType = schema.fieldType(inner, on: type)?.namedType else {
                    throw failure(
                        "The type '\(type)' of connection field '\(name)' has no field '\(inner)'; a connection has "
                            + "'edges { cursor node }' and 'pageInfo'.", place)
                }
                for required in fields where schema.fieldType(required, on: innerType) == nil {
                    throw failure(
                        "The type '\(innerType)' of '\(name).\(inner)' has no field '\(required)', which a connection has.",
                        place)
                }
            }
            if let infoType = schema.fieldType("pageInfo", on: type)?.namedType,
                !PageInfoFields.pairs.contains(where: { pair in
                    pair.allSatisfy { schema.fieldType($0, on: infoType) != nil }
                })
            {
                throw failure(
                    "The type '\(infoType)' of '\(name).pageInfo' has neither 'hasNextPage' and 'endCursor' nor "
                        + "'hasPreviousPage' and 'startCursor', one pair of which a connection has.", place)
            }
            let declares = { (argument: String) in schema.argumentType(argument, ofField: name, on: parentType) != nil }
            guard (declares("first") && declares("after")) || (declares("last") && declares("before")) else {
                throw failure(
                    "The connection field '\(parentType).\(name)' must declare the arguments 'first' and 'after' "
                        + "or 'last' and 'before'.", place)
            }
        }
        var pageInfo: CompiledSelectionSet?
        for (inner, fields) in [("edges", ["cursor", "node"]), ("pageInfo", [])] {
            guard let selected = directField(inner, in: selectionSet), let innerSet = selected.selectionSet else {
                throw failure(
                    "The connection field '\(name)' must select '\(inner)' with a selection, without a condition.",
                    place)
            }
            for required in fields where directField(required, in: innerSet) == nil {
                throw failure(
                    "The connection field '\(name)' must select '\(inner) { \(required) }', without a condition: "
                        + "the store merges pages with it.", place)
            }
            if inner == "pageInfo" { pageInfo = innerSet }
        }
        guard let pageInfo else { return }
        // A forward-only feed's PageInfo has only the first pair, a backward-only one only the
        // second: a connection selects at least one pair whole, and no pair by half.
        let selected = PageInfoFields.pairs.map { pair in pair.filter { directField($0, in: pageInfo) != nil } }
        if let half = zip(PageInfoFields.pairs, selected).first(where: { $1.count == 1 }) {
            let missing = half.0.first { !half.1.contains($0) } ?? ""
            throw failure(
                "The connection field '\(name)' must select 'pageInfo { \(missing) }' beside '\(half.1[0])', "
                    + "without a condition: the store merges pages with the pair.", place)
        }
        guard selected.contains(where: { $0.count == 2 }) else {
            throw failure(
                "The connection field '\(name)' must select 'pageInfo { hasNextPage endCursor }' or "
                    + "'pageInfo { hasPreviousPage startCursor }' (or both), without a condition: the store merges "
                    + "pages with them.", place)
        }
    }

    /// The field named `name` that `selectionSet` selects unconditionally, not through a type case.
    static func directField(_ name: String, in selectionSet: CompiledSelectionSet) -> CompiledField? {
        for case .field(let field) in selectionSet.selections where field.name == name { return field }
        return nil
    }

    private static func failure(_ message: String, _ locations: [SourceLocation]) -> GraphQLCoreError {
        GraphQLCoreError(.invalidConnection, message, locations: locations)
    }
}

/// The fields of the connection spec's `PageInfo` that merging pages reads, by direction: a
/// connection pages forward with the first pair, backward with the second, and selects one or both.
enum PageInfoFields {
    static let forward = ["hasNextPage", "endCursor"]
    static let backward = ["hasPreviousPage", "startCursor"]
    static let pairs = [forward, backward]
}

extension GraphQLCoreError.Code {
    /// A field marked `@connection(key:filters:)` is not a cursor connection, does not select what
    /// merging its pages reads, or the directive's arguments are invalid.
    public static let invalidConnection = GraphQLCoreError.Code("invalidConnection")
}
