/// The shape of a field's value as the schema declares it: how deep its lists nest, which levels may
/// be null, and what kind of type sits at the core.
///
/// The store checks responses against it, so a list where one object is declared (or the reverse), or
/// an object where a `String` is declared, is rejected instead of stored. Custom scalars may hold any
/// JSON, so only their list levels are checked.
public struct FieldShape: Sendable, Hashable {
    /// What kind of named type is at the core of the field's type.
    public enum NamedKind: Sendable, Hashable {
        /// `Int`, `Float`, `String`, `Boolean` or `ID`: never a JSON list or object.
        case builtInScalar
        /// An enum: a string, never a JSON list or object.
        case enumeration
        /// A scalar the schema declares, which may be serialized as any JSON value.
        case customScalar
        /// An object, interface or union: read with a sub-selection.
        case composite
    }

    /// Whether the value may be null at each level, outermost first: the field's value, then the items
    /// of each list. `[[Int!]]!` is `[false, true, false]`.
    public var nullable: [Bool]
    /// What kind of named type is at the core.
    public var namedKind: NamedKind

    /// A shape from the nullability of each level and the kind of the named type.
    public init(nullable: [Bool], namedKind: NamedKind) {
        self.nullable = nullable.isEmpty ? [true] : nullable
        self.namedKind = namedKind
    }

    /// How many lists nest around the named type: 0 for `User`, 2 for `[[User!]]!`.
    public var listDepth: Int { nullable.count - 1 }

    /// The shape of a field declared as `type`, whose named type is of `kind`; `nil` when the kind
    /// is unknown or cannot be a field's type.
    init?(_ type: TypeReference, kind: TypeKind?) {
        let namedKind: NamedKind
        switch kind {
        case .scalar?:
            namedKind = BuiltInDefinitions.scalarNames.contains(type.namedType) ? .builtInScalar : .customScalar
        case .enum?: namedKind = .enumeration
        case .object?, .interface?, .union?: namedKind = .composite
        default: return nil
        }
        var levels: [Bool] = []
        var current = type
        while true {
            var isNullable = true
            if case .nonNull(let inner) = current {
                isNullable = false
                current = inner
            }
            levels.append(isNullable)
            guard case .list(let inner) = current else { break }
            current = inner
        }
        self.init(nullable: levels, namedKind: namedKind)
    }
}
