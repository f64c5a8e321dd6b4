/// A parser for the GraphQL language, over the tokens of a ``Lexer``.
///
/// The structure and the error messages follow graphql-core's parser, rule by rule, so that the
/// reference fixture can compare error positions exactly. The only nesting constructs (selection
/// sets, list and object values, list types) are read with explicit stacks rather than recursion,
/// and each level counts toward ``ParseOptions/maxDepth``: no input can overflow the call stack, and
/// memory stays bounded by the depth limit.
struct Parser {
    private var lexer: Lexer
    private var token: Token
    private let options: ParseOptions
    private var depth = 0
    private var tokenCount = 0

    init(bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        lexer = Lexer(bytes: bytes)
        token = Token(kind: .startOfFile, start: 0, end: 0, line: 1, column: 1)
        self.options = options
    }

    /// Runs `body` with a parser over the UTF-8 bytes of `source`, in place when the string's storage
    /// allows it.
    static func withParser<Output>(
        _ source: String, options: ParseOptions,
        _ body: (inout Parser) throws(GraphQLCoreError) -> Output
    ) throws(GraphQLCoreError) -> Output {
        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Output, GraphQLCoreError> {
            var parser = Parser(bytes: bytes, options: options)
            do throws(GraphQLCoreError) {
                return .success(try body(&parser))
            } catch {
                return .failure(error)
            }
        }
        if let result = source.utf8.withContiguousStorageIfAvailable(run) { return try result.get() }
        return try Array(source.utf8).withUnsafeBufferPointer(run).get()
    }

    // MARK: Entry points

    /// `Document : Definition+`.
    mutating func parseDocument() throws(GraphQLCoreError) -> Document {
        try expect(.startOfFile)
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while !(try expectOptional(.endOfFile))
        return Document(definitions: definitions)
    }

    /// A lone value, for ``Value/init(parsing:options:)``.
    mutating func parseLoneValue(isConst: Bool) throws(GraphQLCoreError) -> Value {
        try expect(.startOfFile)
        let value = try parseValue(isConst: isConst).value
        try expect(.endOfFile)
        return value
    }

    /// A lone type reference, for ``TypeReference/init(parsing:options:)``.
    mutating func parseLoneType() throws(GraphQLCoreError) -> TypeReference {
        try expect(.startOfFile)
        let type = try parseTypeReference().type
        try expect(.endOfFile)
        return type
    }

    // MARK: Definitions

    private mutating func parseDefinition() throws(GraphQLCoreError) -> Definition {
        if token.kind == .braceL { return .operation(try parseOperationDefinition()) }
        let hasDescription = peekDescription
        let keyword = hasDescription ? try lookahead() : token
        if hasDescription, keyword.kind == .braceL {
            throw lexer.error(
                "Unexpected description, descriptions are not supported on shorthand queries.", at: token.start)
        }
        if keyword.kind == .name {
            switch lexer.text(from: keyword.start, to: keyword.end) {
            case "schema": return .schema(try parseSchemaDefinition())
            case "scalar": return .type(try parseScalarTypeDefinition())
            case "type": return .type(try parseObjectTypeDefinition(kind: .object, keyword: "type"))
            case "interface": return .type(try parseObjectTypeDefinition(kind: .interface, keyword: "interface"))
            case "union": return .type(try parseUnionTypeDefinition())
            case "enum": return .type(try parseEnumTypeDefinition())
            case "input": return .type(try parseInputObjectTypeDefinition())
            case "directive": return .directive(try parseDirectiveDefinition())
            case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
            case "fragment": return .fragment(try parseFragmentDefinition())
            case "extend" where !hasDescription: return try parseTypeSystemExtension()
            default:
                if hasDescription {
                    throw lexer.error(
                        "Unexpected description, only GraphQL definitions support descriptions.", at: token.start)
                }
            }
        }
        throw unexpected(keyword)
    }

    // MARK: Operations

    private mutating func parseOperationDefinition() throws(GraphQLCoreError) -> OperationDefinition {
        let start = token
        if token.kind == .braceL {
            return OperationDefinition(kind: .query, selectionSet: try parseSelectionSet(), location: start.location)
        }
        let description = try parseDescription()
        let kind = try parseOperationType()
        let nameLocation = token.kind == .name ? token.location : .unknown
        let name = token.kind == .name ? try parseName() : nil
        let variables = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        var operation = OperationDefinition(
            kind: kind, name: name, variableDefinitions: variables, directives: directives,
            selectionSet: selectionSet, description: description, location: start.location)
        operation.nameLocation = nameLocation
        return operation
    }

    private mutating func parseOperationType() throws(GraphQLCoreError) -> OperationKind {
        let operationToken = try expect(.name)
        switch lexer.text(from: operationToken.start, to: operationToken.end) {
        case "query": return .query
        case "mutation": return .mutation
        case "subscription": return .subscription
        default: throw unexpected(operationToken)
        }
    }

    private mutating func parseVariableDefinitions() throws(GraphQLCoreError) -> [VariableDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var definitions: [VariableDefinition] = []
        repeat {
            definitions.append(try parseVariableDefinition())
        } while !(try expectOptional(.parenR))
        return definitions
    }

    private mutating func parseVariableDefinition() throws(GraphQLCoreError) -> VariableDefinition {
        let start = token
        let description = try parseDescription()
        try expect(.dollar)
        let nameLocation = token.location
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        var definition = VariableDefinition(
            name: name, type: type.type, defaultValue: defaultValue?.value, directives: directives,
            description: description, location: start.location)
        definition.nameLocation = nameLocation
        definition.typeLocation = type.location
        definition.namedTypeLocation = type.namedLocation
        definition.defaultValueLocation = defaultValue?.location ?? .unknown
        return definition
    }

    /// A selection set and everything nested in it, parsed with a stack of open sets instead of
    /// recursion, so that nesting costs heap rather than stack.
    private mutating func parseSelectionSet() throws(GraphQLCoreError) -> SelectionSet {
        var open: [OpenSelectionSet] = []
        var owner = OpenSelectionSet.Owner.root
        while true {
            try enterNesting()
            let location = token.location
            try expect(.braceL)
            open.append(OpenSelectionSet(location: location, owner: owner))
            selections: while true {
                if try expectOptional(.braceR) {
                    depth -= 1
                    let closed = open.removeLast()
                    let selectionSet = SelectionSet(selections: closed.selections, location: closed.location)
                    let selection: Selection
                    switch closed.owner {
                    case .root:
                        return selectionSet
                    case .field(var field):
                        field.selectionSet = selectionSet
                        selection = .field(field)
                    case .inlineFragment(var fragment):
                        fragment.selectionSet = selectionSet
                        selection = .inlineFragment(fragment)
                    }
                    open[open.count - 1].selections.append(selection)
                    continue
                }
                let start = token
                if start.kind == .spread {
                    try advance()
                    let hasTypeCondition = try expectOptionalKeyword("on")
                    let nameLocation = token.location
                    if !hasTypeCondition, token.kind == .name {
                        let name = try parseName()
                        var spread = FragmentSpread(
                            name: name, directives: try parseDirectives(isConst: false), location: start.location)
                        spread.nameLocation = nameLocation
                        open[open.count - 1].selections.append(.fragmentSpread(spread))
                        continue
                    }
                    let typeCondition = hasTypeCondition ? try parseName() : nil
                    let directives = try parseDirectives(isConst: false)
                    var fragment = InlineFragment(
                        typeCondition: typeCondition, directives: directives,
                        selectionSet: SelectionSet(selections: []), location: start.location)
                    if hasTypeCondition { fragment.typeConditionLocation = nameLocation }
                    owner = .inlineFragment(fragment)
                    break selections
                }
                let field = try parseFieldHead()
                if token.kind == .braceL {
                    owner = .field(field)
                    break selections
                }
                open[open.count - 1].selections.append(.field(field))
            }
        }
    }

    /// A field up to its selection set: alias, name, arguments and directives.
    private mutating func parseFieldHead() throws(GraphQLCoreError) -> Field {
        let start = token
        let nameOrAlias = try parseName()
        let alias: String?
        let name: String
        var nameLocation = start.location
        if try expectOptional(.colon) {
            alias = nameOrAlias
            nameLocation = token.location
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        var field = Field(
            alias: alias, name: name, arguments: arguments, directives: directives, location: start.location)
        field.nameLocation = nameLocation
        return field
    }

    private mutating func parseArguments(isConst: Bool) throws(GraphQLCoreError) -> [Argument] {
        guard try expectOptional(.parenL) else { return [] }
        var arguments: [Argument] = []
        repeat {
            let start = token
            let name = try parseName()
            try expect(.colon)
            let value = try parseValue(isConst: isConst)
            var argument = Argument(name: name, value: value.value, location: start.location)
            argument.valueLocation = value.location
            arguments.append(argument)
        } while !(try expectOptional(.parenR))
        return arguments
    }

    // MARK: Fragments

    private mutating func parseFragmentDefinition() throws(GraphQLCoreError) -> FragmentDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("fragment")
        if hasValue(token, "on") { throw unexpected(token) }
        let nameLocation = token.location
        let name = try parseName()
        try expectKeyword("on")
        let typeConditionLocation = token.location
        let typeCondition = try parseName()
        let directives = try parseDirectives(isConst: false)
        var fragment = FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: try parseSelectionSet(),
            description: description, location: start.location)
        fragment.nameLocation = nameLocation
        fragment.typeConditionLocation = typeConditionLocation
        return fragment
    }

    // MARK: Values

    /// A value literal and where it and the values inside it are. Lists and objects are parsed with a
    /// stack of open containers instead of recursion, so that deep values cost heap rather than stack.
    private mutating func parseValue(isConst: Bool) throws(GraphQLCoreError) -> (value: Value, location: ValueLocation)
    {
        var open: [OpenValue] = []
        var finished: (value: Value, location: ValueLocation)?
        while true {
            if let value = finished {
                finished = nil
                guard !open.isEmpty else { return value }
                open[open.count - 1].append(value.value, at: value.location)
            } else {
                switch token.kind {
                case .bracketL, .braceL:
                    try enterNesting()
                    let isList = token.kind == .bracketL
                    let start = token.location
                    try advance()
                    open.append(OpenValue(isList: isList, start: start))
                default:
                    let start = token.location
                    finished = (try parseScalarValue(isConst: isConst), ValueLocation(start))
                    continue
                }
            }
            // Close the innermost container, or read up to the start of its next element.
            let top = open.count - 1
            if open[top].isList {
                if try expectOptional(.bracketR) {
                    depth -= 1
                    finished = open.removeLast().closed
                }
            } else if try expectOptional(.braceR) {
                depth -= 1
                finished = open.removeLast().closed
            } else {
                let location = token.location
                let name = try parseName()
                try expect(.colon)
                open[top].fieldName = name
                open[top].fieldLocation = location
            }
        }
    }

    /// Every value but lists and objects.
    @inline(never)
    private mutating func parseScalarValue(isConst: Bool) throws(GraphQLCoreError) -> Value {
        let current = token
        switch current.kind {
        case .int:
            try advance()
            return .int(lexer.text(from: current.start, to: current.end))
        case .float:
            try advance()
            return .float(lexer.text(from: current.start, to: current.end))
        case .string, .blockString:
            let value = lexer.stringValue
            try advance()
            return .string(StringLiteral(value, isBlock: current.kind == .blockString))
        case .name:
            try advance()
            if isKeyword(current, "true") { return .boolean(true) }
            if isKeyword(current, "false") { return .boolean(false) }
            if isKeyword(current, "null") { return .null }
            return .enumValue(lexer.text(from: current.start, to: current.end))
        case .dollar:
            if isConst {
                try advance()
                if token.kind == .name {
                    let name = lexer.text(from: token.start, to: token.end)
                    throw lexer.error("Unexpected variable '$\(name)' in constant value.", at: current.start)
                }
                throw unexpected(current)
            }
            try advance()
            return .variable(try parseName())
        default:
            throw unexpected(current)
        }
    }

    // MARK: Directives and types

    private mutating func parseDirectives(isConst: Bool) throws(GraphQLCoreError) -> [Directive] {
        var directives: [Directive] = []
        while token.kind == .at {
            let start = token
            try advance()
            let nameLocation = token.location
            let name = try parseName()
            var directive = Directive(
                name: name, arguments: try parseArguments(isConst: isConst), location: start.location)
            directive.nameLocation = nameLocation
            directives.append(directive)
        }
        return directives
    }

    /// `Type`: a name inside any number of `[ ]`, each level optionally `!`, with where it starts and
    /// where its name is. Read with a loop rather than recursion, like selection sets and values.
    private mutating func parseTypeReference() throws(GraphQLCoreError) -> (
        type: TypeReference, location: NodeLocation, namedLocation: NodeLocation
    ) {
        let location = token.location
        var lists = 0
        while try expectOptional(.bracketL) {
            try enterNesting()
            lists += 1
        }
        let namedLocation = token.location
        var type = TypeReference.named(try parseName())
        if try expectOptional(.bang) { type = .nonNull(type) }
        for _ in 0..<lists {
            depth -= 1
            try expect(.bracketR)
            type = .list(type)
            if try expectOptional(.bang) { type = .nonNull(type) }
        }
        return (type, location, namedLocation)
    }

    // MARK: Type system

    private var peekDescription: Bool { token.kind == .string || token.kind == .blockString }

    private mutating func parseDescription() throws(GraphQLCoreError) -> StringLiteral? {
        guard peekDescription else { return nil }
        let isBlock = token.kind == .blockString
        let value = lexer.stringValue
        try advance()
        return StringLiteral(value, isBlock: isBlock)
    }

    private mutating func parseSchemaDefinition() throws(GraphQLCoreError) -> SchemaDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        try expect(.braceL)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while !(try expectOptional(.braceR))
        return SchemaDefinition(
            description: description, directives: directives, operationTypes: operationTypes,
            location: start.location)
    }

    private mutating func parseOperationTypeDefinition() throws(GraphQLCoreError) -> OperationTypeDefinition {
        let start = token
        let operation = try parseOperationType()
        try expect(.colon)
        return OperationTypeDefinition(operation: operation, type: try parseName(), location: start.location)
    }

    private mutating func parseScalarTypeDefinition() throws(GraphQLCoreError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        return TypeDefinition(
            kind: .scalar, description: description, name: name, directives: try parseDirectives(isConst: true),
            location: start.location)
    }

    /// `type` and `interface`, which share their grammar.
    private mutating func parseObjectTypeDefinition(
        kind: TypeKind, keyword: StaticString
    ) throws(GraphQLCoreError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return TypeDefinition(
            kind: kind, description: description, name: name, interfaces: interfaces, directives: directives,
            fields: fields, location: start.location)
    }

    private mutating func parseImplementsInterfaces() throws(GraphQLCoreError) -> [String] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try parseDelimitedNames(.amp)
    }

    /// `&`- or `|`-separated names, optionally led by the separator.
    private mutating func parseDelimitedNames(_ delimiter: TokenKind) throws(GraphQLCoreError) -> [String] {
        _ = try expectOptional(delimiter)
        var names: [String] = []
        repeat {
            names.append(try parseName())
        } while try expectOptional(delimiter)
        return names
    }

    private mutating func parseFieldsDefinition() throws(GraphQLCoreError) -> [FieldDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let start = token
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentDefinitions()
            try expect(.colon)
            let type = try parseTypeReference().type
            let directives = try parseDirectives(isConst: true)
            fields.append(
                FieldDefinition(
                    description: description, name: name, arguments: arguments, type: type, directives: directives,
                    location: start.location))
        } while !(try expectOptional(.braceR))
        return fields
    }

    private mutating func parseArgumentDefinitions() throws(GraphQLCoreError) -> [InputValueDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while !(try expectOptional(.parenR))
        return arguments
    }

    private mutating func parseInputValueDefinition() throws(GraphQLCoreError) -> InputValueDefinition {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference().type
        let defaultValue = try expectOptional(.equals) ? try parseValue(isConst: true).value : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            location: start.location)
    }

    private mutating func parseUnionTypeDefinition() throws(GraphQLCoreError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let members = try expectOptional(.equals) ? try parseDelimitedNames(.pipe) : []
        return TypeDefinition(
            kind: .union, description: description, name: name, directives: directives, unionMembers: members,
            location: start.location)
    }

    private mutating func parseEnumTypeDefinition() throws(GraphQLCoreError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return TypeDefinition(
            kind: .enum, description: description, name: name, directives: directives,
            enumValues: try parseEnumValuesDefinition(), location: start.location)
    }

    private mutating func parseEnumValuesDefinition() throws(GraphQLCoreError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            let start = token
            let description = try parseDescription()
            if hasValue(token, "true") || hasValue(token, "false") || hasValue(token, "null") {
                throw lexer.error(
                    "\(describe(token)) is reserved and cannot be used for an enum value.", at: token.start)
            }
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            values.append(
                EnumValueDefinition(
                    description: description, name: name, directives: directives, location: start.location))
        } while !(try expectOptional(.braceR))
        return values
    }

    private mutating func parseInputObjectTypeDefinition() throws(GraphQLCoreError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return TypeDefinition(
            kind: .inputObject, description: description, name: name, directives: directives,
            inputFields: try parseInputFieldsDefinition(), location: start.location)
    }

    private mutating func parseInputFieldsDefinition() throws(GraphQLCoreError) -> [InputValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [InputValueDefinition] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while !(try expectOptional(.braceR))
        return fields
    }

    private mutating func parseDirectiveDefinition() throws(GraphQLCoreError) -> DirectiveDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let isRepeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = try expectOptional(.pipe)
        var locations: [DirectiveLocation] = []
        repeat {
            let locationToken = token
            let name = try parseName()
            guard let location = DirectiveLocation(rawValue: name) else { throw unexpected(locationToken) }
            locations.append(location)
        } while try expectOptional(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, location: start.location)
    }

    // MARK: Extensions

    private mutating func parseTypeSystemExtension() throws(GraphQLCoreError) -> Definition {
        let keyword = try lookahead()
        if keyword.kind == .name {
            let start = token
            switch lexer.text(from: keyword.start, to: keyword.end) {
            case "schema":
                try advance()
                try advance()
                let directives = try parseDirectives(isConst: true)
                var operationTypes: [OperationTypeDefinition] = []
                if try expectOptional(.braceL) {
                    repeat {
                        operationTypes.append(try parseOperationTypeDefinition())
                    } while !(try expectOptional(.braceR))
                }
                if directives.isEmpty, operationTypes.isEmpty { throw unexpected(token) }
                return .schemaExtension(
                    SchemaDefinition(directives: directives, operationTypes: operationTypes, location: start.location))
            case "scalar":
                try advance()
                try advance()
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                if directives.isEmpty { throw unexpected(token) }
                return .typeExtension(
                    TypeDefinition(kind: .scalar, name: name, directives: directives, location: start.location))
            case "type", "interface":
                let kind: TypeKind = isKeyword(keyword, "type") ? .object : .interface
                try advance()
                try advance()
                let name = try parseName()
                let interfaces = try parseImplementsInterfaces()
                let directives = try parseDirectives(isConst: true)
                let fields = try parseFieldsDefinition()
                if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected(token) }
                return .typeExtension(
                    TypeDefinition(
                        kind: kind, name: name, interfaces: interfaces, directives: directives, fields: fields,
                        location: start.location))
            case "union":
                try advance()
                try advance()
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                let members = try expectOptional(.equals) ? try parseDelimitedNames(.pipe) : []
                if directives.isEmpty, members.isEmpty { throw unexpected(token) }
                return .typeExtension(
                    TypeDefinition(
                        kind: .union, name: name, directives: directives, unionMembers: members,
                        location: start.location))
            case "enum":
                try advance()
                try advance()
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                let values = try parseEnumValuesDefinition()
                if directives.isEmpty, values.isEmpty { throw unexpected(token) }
                return .typeExtension(
                    TypeDefinition(
                        kind: .enum, name: name, directives: directives, enumValues: values, location: start.location))
            case "input":
                try advance()
                try advance()
                let name = try parseName()
                let directives = try parseDirectives(isConst: true)
                let fields = try parseInputFieldsDefinition()
                if directives.isEmpty, fields.isEmpty { throw unexpected(token) }
                return .typeExtension(
                    TypeDefinition(
                        kind: .inputObject, name: name, directives: directives, inputFields: fields,
                        location: start.location))
            default:
                break
            }
        }
        throw unexpected(keyword)
    }

    // MARK: Tokens

    private mutating func parseName() throws(GraphQLCoreError) -> String {
        let name = try expect(.name)
        return lexer.text(from: name.start, to: name.end)
    }

    private mutating func advance() throws(GraphQLCoreError) {
        token = try lexer.next()
        if token.kind != .endOfFile {
            tokenCount += 1
            if let maxTokens = options.maxTokens, tokenCount > maxTokens {
                throw lexer.error("Document contains more than \(maxTokens) tokens. Parsing aborted.", at: token.start)
            }
        }
    }

    /// The token after the current one, without moving past the current one.
    private func lookahead() throws(GraphQLCoreError) -> Token {
        var copy = lexer
        return try copy.next()
    }

    @discardableResult
    private mutating func expect(_ kind: TokenKind) throws(GraphQLCoreError) -> Token {
        let current = token
        guard current.kind == kind else { throw expected(kind, found: current) }
        try advance()
        return current
    }

    @inline(never)
    private func expected(_ kind: TokenKind, found token: Token) -> GraphQLCoreError {
        lexer.error("Expected \(kind.errorDescription), found \(describe(token)).", at: token.start)
    }

    private mutating func expectOptional(_ kind: TokenKind) throws(GraphQLCoreError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    private mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLCoreError) {
        guard isKeyword(token, keyword) else {
            throw lexer.error("Expected '\(keyword)', found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    private mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLCoreError) -> Bool {
        guard isKeyword(token, keyword) else { return false }
        try advance()
        return true
    }

    /// Whether `token` is the name `keyword`, compared byte by byte without making a `String`.
    private func isKeyword(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let keywordBytes = keyword.utf8Start
        for offset in 0..<keyword.utf8CodeUnitCount where lexer.bytes[token.start + offset] != keywordBytes[offset] {
            return false
        }
        return true
    }

    /// Whether the current token's value, whatever its kind, is `value`: graphql-core compares values
    /// here, so a string `"on"` is refused where a fragment name goes, as the name `on` is.
    private func hasValue(_ token: Token, _ value: StaticString) -> Bool {
        switch token.kind {
        case .name, .int, .float:
            return token.end - token.start == value.utf8CodeUnitCount
                && lexer.text(from: token.start, to: token.end) == value.description
        case .string, .blockString:
            return lexer.stringValue == value.description
        default:
            return false
        }
    }

    private mutating func enterNesting() throws(GraphQLCoreError) {
        depth += 1
        if depth > options.maxDepth {
            throw lexer.error("Document is nested too deeply. Parsing aborted.", at: token.start, code: .nestingTooDeep)
        }
    }

    /// graphql-core's `get_token_desc`: the kind, and the value for names, numbers and strings.
    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float:
            "\(token.kind.errorDescription) '\(lexer.text(from: token.start, to: token.end))'"
        case .string, .blockString:
            "\(token.kind.errorDescription) '\(lexer.stringValue(of: token))'"
        default:
            token.kind.errorDescription
        }
    }

    @inline(never)
    private func unexpected(_ token: Token) -> GraphQLCoreError {
        lexer.error("Unexpected \(describe(token)).", at: token.start)
    }
}

/// A selection set the parser has opened and not yet closed, and what it belongs to.
private struct OpenSelectionSet {
    enum Owner {
        /// The selection set of an operation or fragment definition.
        case root
        /// A field waiting for its selection set.
        case field(Field)
        /// An inline fragment waiting for its selection set.
        case inlineFragment(InlineFragment)
    }

    var location: NodeLocation
    var owner: Owner
    var selections: [Selection] = []
}

/// A list or object value the parser has opened and not yet closed.
private struct OpenValue {
    let isList: Bool
    let start: NodeLocation
    var values: [Value] = []
    var fields: [ObjectField] = []
    /// Where each item or field value is, in order.
    var locations: [ValueLocation] = []
    /// For an object, the name and place of the field whose value is being read.
    var fieldName = ""
    var fieldLocation = NodeLocation.unknown

    init(isList: Bool, start: NodeLocation) {
        self.isList = isList
        self.start = start
    }

    mutating func append(_ value: Value, at location: ValueLocation) {
        if isList {
            values.append(value)
        } else {
            fields.append(ObjectField(name: fieldName, value: value, location: fieldLocation))
        }
        locations.append(location)
    }

    var closed: (value: Value, location: ValueLocation) {
        (isList ? .list(values) : .object(fields), ValueLocation(start, elements: locations))
    }
}
