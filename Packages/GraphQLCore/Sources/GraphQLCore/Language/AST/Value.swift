/// A value literal as written in a document.
///
/// Numbers keep their source text so that a big integer or a precise float is never rounded by the
/// parser; coercion against a type happens later, where the type is known.
public indirect enum Value: Sendable, Hashable {
    /// `$name`.
    case variable(String)
    /// An integer literal, as written (for example `-12`).
    case int(String)
    /// A float literal, as written (for example `1.5e3`).
    case float(String)
    /// A string literal, quoted or block, with escapes and block indentation already resolved.
    case string(StringLiteral)
    /// `true` or `false`.
    case boolean(Bool)
    /// `null`.
    case null
    /// An enum value (a name that is not `true`, `false` or `null`).
    case enumValue(String)
    /// `[a, b]`.
    case list([Value])
    /// `{a: 1, b: 2}`, fields in the order written.
    case object([ObjectField])
}

/// A string literal's value and whether it was written as a block string (`"""`).
public struct StringLiteral: Sendable, Hashable {
    /// The string's value after escapes and block-string indentation rules.
    public var value: String
    /// Whether the source used `"""`; the printer keeps the form.
    public var isBlock: Bool

    /// A string literal.
    public init(_ value: String, isBlock: Bool = false) {
        self.value = value
        self.isBlock = isBlock
    }
}

/// `name: value` inside an input object literal.
public struct ObjectField: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// The field's value.
    public var value: Value
    /// Where the field's name is.
    public var location: NodeLocation

    /// An object field.
    public init(name: String, value: Value, location: NodeLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// A type as written in a variable definition or a schema: `Name`, `[T]`, `T!`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// A named type.
    case named(String)
    /// A list of the inner type.
    case list(TypeReference)
    /// The inner type, required (never `nonNull(nonNull(...))`).
    case nonNull(TypeReference)

    /// The named type at the core of the reference.
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    /// The type as GraphQL writes it, for example `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}
