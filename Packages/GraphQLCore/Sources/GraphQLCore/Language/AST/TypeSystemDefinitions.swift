/// `schema { query: Q mutation: M }` or, as ``Definition/schemaExtension(_:)``, `extend schema ...`.
public struct SchemaDefinition: Sendable, Hashable {
    /// The description before `schema`, if any (never on an extension).
    public var description: StringLiteral?
    /// Directives on the schema.
    public var directives: [Directive]
    /// `query: Q` and the others, in order.
    public var operationTypes: [OperationTypeDefinition]
    /// Where the definition starts.
    public var location: NodeLocation

    /// A schema definition or extension.
    public init(
        description: StringLiteral? = nil, directives: [Directive] = [], operationTypes: [OperationTypeDefinition],
        location: NodeLocation = .unknown
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

/// `query: TypeName` inside a schema definition.
public struct OperationTypeDefinition: Sendable, Hashable {
    /// The operation kind.
    public var operation: OperationKind
    /// The root type's name.
    public var type: String
    /// Where the entry starts.
    public var location: NodeLocation

    /// An operation type entry.
    public init(operation: OperationKind, type: String, location: NodeLocation = .unknown) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// The kind of a named type in a schema.
public enum TypeKind: String, Sendable, Hashable, Codable {
    /// `scalar`.
    case scalar
    /// `type`.
    case object
    /// `interface`.
    case interface
    /// `union`.
    case union
    /// `enum`.
    case `enum`
    /// `input`.
    case inputObject
}

/// A type definition or, as ``Definition/typeExtension(_:)``, a type extension.
///
/// One struct for all six kinds, so that the schema builder merges extensions into definitions
/// without a case per kind. Only the members that the kind allows are ever non-empty:
/// ``interfaces`` and ``fields`` for objects and interfaces, ``unionMembers`` for unions,
/// ``enumValues`` for enums, ``inputFields`` for input objects.
public struct TypeDefinition: Sendable, Hashable {
    /// Which of the six kinds this is.
    public var kind: TypeKind
    /// The description, if any (never on an extension).
    public var description: StringLiteral?
    /// The type's name.
    public var name: String
    /// `implements A & B`, for objects and interfaces.
    public var interfaces: [String]
    /// Directives on the type.
    public var directives: [Directive]
    /// Fields, for objects and interfaces.
    public var fields: [FieldDefinition]
    /// `= A | B`, for unions.
    public var unionMembers: [String]
    /// Values, for enums.
    public var enumValues: [EnumValueDefinition]
    /// Fields, for input objects.
    public var inputFields: [InputValueDefinition]
    /// Where the definition starts.
    public var location: NodeLocation

    /// A type definition of `kind`; members that the kind does not use stay empty.
    public init(
        kind: TypeKind, description: StringLiteral? = nil, name: String, interfaces: [String] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], unionMembers: [String] = [],
        enumValues: [EnumValueDefinition] = [], inputFields: [InputValueDefinition] = [],
        location: NodeLocation = .unknown
    ) {
        self.kind = kind
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.unionMembers = unionMembers
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.location = location
    }
}

/// A field of an object or interface type.
public struct FieldDefinition: Sendable, Hashable {
    /// The description, if any.
    public var description: StringLiteral?
    /// The field's name.
    public var name: String
    /// The arguments.
    public var arguments: [InputValueDefinition]
    /// The field's type.
    public var type: TypeReference
    /// Directives on the field.
    public var directives: [Directive]
    /// Where the definition starts.
    public var location: NodeLocation

    /// A field definition.
    public init(
        description: StringLiteral? = nil, name: String, arguments: [InputValueDefinition] = [], type: TypeReference,
        directives: [Directive] = [], location: NodeLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// An argument definition or an input object field: `name: Type = default @directives`.
public struct InputValueDefinition: Sendable, Hashable {
    /// The description, if any.
    public var description: StringLiteral?
    /// The name.
    public var name: String
    /// The type.
    public var type: TypeReference
    /// The default value, if any.
    public var defaultValue: Value?
    /// Directives.
    public var directives: [Directive]
    /// Where the definition starts.
    public var location: NodeLocation

    /// An input value definition.
    public init(
        description: StringLiteral? = nil, name: String, type: TypeReference, defaultValue: Value? = nil,
        directives: [Directive] = [], location: NodeLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// One value of an enum type.
public struct EnumValueDefinition: Sendable, Hashable {
    /// The description, if any.
    public var description: StringLiteral?
    /// The value's name.
    public var name: String
    /// Directives.
    public var directives: [Directive]
    /// Where the definition starts.
    public var location: NodeLocation

    /// An enum value definition.
    public init(
        description: StringLiteral? = nil, name: String, directives: [Directive] = [], location: NodeLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `directive @name(args) repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Sendable, Hashable {
    /// The description, if any.
    public var description: StringLiteral?
    /// The directive's name, without `@`.
    public var name: String
    /// The arguments.
    public var arguments: [InputValueDefinition]
    /// Whether the directive may appear more than once at one location.
    public var isRepeatable: Bool
    /// Where the directive may appear.
    public var locations: [DirectiveLocation]
    /// Where the definition starts.
    public var location: NodeLocation

    /// A directive definition.
    public init(
        description: StringLiteral? = nil, name: String, arguments: [InputValueDefinition] = [],
        isRepeatable: Bool = false, locations: [DirectiveLocation], location: NodeLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}

/// A place a directive may appear, as the spec names them.
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable, Codable {
    /// On a query operation.
    case query = "QUERY"
    /// On a mutation operation.
    case mutation = "MUTATION"
    /// On a subscription operation.
    case subscription = "SUBSCRIPTION"
    /// On a field selection.
    case field = "FIELD"
    /// On a fragment definition.
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    /// On a fragment spread.
    case fragmentSpread = "FRAGMENT_SPREAD"
    /// On an inline fragment.
    case inlineFragment = "INLINE_FRAGMENT"
    /// On a variable definition.
    case variableDefinition = "VARIABLE_DEFINITION"
    /// On a schema definition.
    case schema = "SCHEMA"
    /// On a scalar definition.
    case scalar = "SCALAR"
    /// On an object type.
    case object = "OBJECT"
    /// On a field definition.
    case fieldDefinition = "FIELD_DEFINITION"
    /// On an argument definition.
    case argumentDefinition = "ARGUMENT_DEFINITION"
    /// On an interface.
    case interface = "INTERFACE"
    /// On a union.
    case union = "UNION"
    /// On an enum.
    case `enum` = "ENUM"
    /// On an enum value.
    case enumValue = "ENUM_VALUE"
    /// On an input object.
    case inputObject = "INPUT_OBJECT"
    /// On an input field definition.
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
