/// An operation: `query`, `mutation` or `subscription`, or the `{ ... }` shorthand for an anonymous query.
public struct OperationDefinition: Sendable, Hashable {
    /// The description before the operation (working draft: descriptions on executable definitions).
    public var description: StringLiteral?
    /// The operation's kind.
    public var kind: OperationKind
    /// The name, `nil` for an anonymous operation.
    public var name: String?
    /// The declared variables, in order.
    public var variableDefinitions: [VariableDefinition]
    /// Directives on the operation.
    public var directives: [Directive]
    /// The top-level selections.
    public var selectionSet: SelectionSet
    /// Where the definition starts.
    public var location: NodeLocation
    /// Where the name is, ``NodeLocation/unknown`` for an anonymous operation.
    public var nameLocation: NodeLocation = .unknown

    /// An operation definition.
    public init(
        kind: OperationKind, name: String? = nil, variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [], selectionSet: SelectionSet, description: StringLiteral? = nil,
        location: NodeLocation = .unknown
    ) {
        self.description = description
        self.kind = kind
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `$name: Type = default @directives` in an operation's variable list.
public struct VariableDefinition: Sendable, Hashable {
    /// The description before the variable (working draft: descriptions on executable definitions).
    public var description: StringLiteral?
    /// The variable's name, without `$`.
    public var name: String
    /// The declared type.
    public var type: TypeReference
    /// The default value, if any (a constant).
    public var defaultValue: Value?
    /// Directives on the variable definition.
    public var directives: [Directive]
    /// Where the definition starts.
    public var location: NodeLocation
    /// Where the variable's name is (after its `$`).
    public var nameLocation: NodeLocation = .unknown
    /// Where the type reference starts (its first `[`, or its name).
    public var typeLocation: NodeLocation = .unknown
    /// Where the named type at the core of the type reference is.
    public var namedTypeLocation: NodeLocation = .unknown
    /// Where the default value and the values inside it are.
    public var defaultValueLocation: ValueLocation = .unknown

    /// A variable definition.
    public init(
        name: String, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [],
        description: StringLiteral? = nil, location: NodeLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// `fragment Name on Type @directives { ... }`.
public struct FragmentDefinition: Sendable, Hashable {
    /// The description before the fragment (working draft: descriptions on executable definitions).
    public var description: StringLiteral?
    /// The fragment's name.
    public var name: String
    /// The type the fragment applies to.
    public var typeCondition: String
    /// Directives on the fragment.
    public var directives: [Directive]
    /// The fragment's selections.
    public var selectionSet: SelectionSet
    /// Where the definition starts.
    public var location: NodeLocation
    /// Where the fragment's name is.
    public var nameLocation: NodeLocation = .unknown
    /// Where the type condition's name is (after `on`).
    public var typeConditionLocation: NodeLocation = .unknown

    /// A fragment definition.
    public init(
        name: String, typeCondition: String, directives: [Directive] = [], selectionSet: SelectionSet,
        description: StringLiteral? = nil, location: NodeLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `{ ... }`: the selections of an operation, field, fragment or inline fragment.
public struct SelectionSet: Sendable, Hashable {
    /// The selections in order.
    public var selections: [Selection]
    /// Where the opening brace is.
    public var location: NodeLocation

    /// A selection set.
    public init(selections: [Selection], location: NodeLocation = .unknown) {
        self.selections = selections
        self.location = location
    }
}

/// One entry of a selection set.
public enum Selection: Sendable, Hashable {
    /// `alias: name(args) @directives { ... }`.
    case field(Field)
    /// `...Name @directives`.
    case fragmentSpread(FragmentSpread)
    /// `... on Type @directives { ... }`, the type condition optional.
    case inlineFragment(InlineFragment)
}

/// A field selection.
public struct Field: Sendable, Hashable {
    /// The alias, if any.
    public var alias: String?
    /// The field's name.
    public var name: String
    /// The arguments in the order written.
    public var arguments: [Argument]
    /// Directives on the field.
    public var directives: [Directive]
    /// The sub-selections, `nil` for a leaf.
    public var selectionSet: SelectionSet?
    /// Where the field (its alias, if any) starts.
    public var location: NodeLocation
    /// Where the field's name is (after the alias and its colon, when there is an alias).
    public var nameLocation: NodeLocation = .unknown
    /// Whether the compiler added the field for the store (`__typename`, a key field) rather than
    /// the app selecting it: it is sent and normalized, and a read leaves it out.
    var isAddedByClient = false
    /// The client-only directives the compiler took off the field (`@connection`, `@catch`): gone
    /// from the text sent, still read when the field is compiled and when code is generated for it.
    public internal(set) var clientDirectives: [Directive] = []

    /// A field.
    public init(
        alias: String? = nil, name: String, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: SelectionSet? = nil, location: NodeLocation = .unknown
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key in the response: the alias, or else the name.
    public var responseKey: String { alias ?? name }
}

/// `...Name @directives`.
public struct FragmentSpread: Sendable, Hashable {
    /// The fragment's name.
    public var name: String
    /// Directives on the spread.
    public var directives: [Directive]
    /// Where the `...` is.
    public var location: NodeLocation
    /// Where the fragment's name is.
    public var nameLocation: NodeLocation = .unknown

    /// A fragment spread.
    public init(name: String, directives: [Directive] = [], location: NodeLocation = .unknown) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `... on Type @directives { ... }`.
public struct InlineFragment: Sendable, Hashable {
    /// The type condition, `nil` when omitted.
    public var typeCondition: String?
    /// Directives on the fragment.
    public var directives: [Directive]
    /// The selections.
    public var selectionSet: SelectionSet
    /// Where the `...` is.
    public var location: NodeLocation
    /// Where the type condition's name is, ``NodeLocation/unknown`` when there is none.
    public var typeConditionLocation: NodeLocation = .unknown

    /// An inline fragment.
    public init(
        typeCondition: String? = nil, directives: [Directive] = [], selectionSet: SelectionSet,
        location: NodeLocation = .unknown
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `name: value` in a field's or directive's argument list.
public struct Argument: Sendable, Hashable {
    /// The argument's name.
    public var name: String
    /// The value as written.
    public var value: Value
    /// Where the argument's name is.
    public var location: NodeLocation
    /// Where the value and the values inside it are.
    public var valueLocation: ValueLocation = .unknown

    /// An argument.
    public init(name: String, value: Value, location: NodeLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `@name(args)`.
public struct Directive: Sendable, Hashable {
    /// The directive's name, without `@`.
    public var name: String
    /// The arguments in the order written.
    public var arguments: [Argument]
    /// Where the `@` is.
    public var location: NodeLocation
    /// Where the directive's name is (after `@`).
    public var nameLocation: NodeLocation = .unknown

    /// A directive.
    public init(name: String, arguments: [Argument] = [], location: NodeLocation = .unknown) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}
