/// The shape of a field's value as the schema declares it: how deep its lists nest, which levels may
/// be null, and what kind of type sits at the core.
///
/// The store checks responses against it, so a list where one object is declared (or the reverse), a
/// null where the schema says non-null, or a string where an `Int` is declared, is rejected instead
/// of stored. Custom scalars may hold any JSON, so only their list levels and nulls are checked.
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

    /// The scalars every schema has, named as the schema names them: each serializes to its own
    /// kind of JSON value.
    public enum BuiltInScalar: String, Sendable, Hashable, CaseIterable {
        /// `Int`: an integral number in the signed 32-bit range.
        case int = "Int"
        /// `Float`: any number.
        case float = "Float"
        /// `String`: a string.
        case string = "String"
        /// `Boolean`: `true` or `false`.
        case boolean = "Boolean"
        /// `ID`: a string, or an integral number.
        case id = "ID"
    }

    /// Whether the value may be null at each level, outermost first: the field's value, then the items
    /// of each list. `[[Int!]]!` is `[false, true, false]`.
    public var nullable: [Bool]
    /// What kind of named type is at the core.
    public var namedKind: NamedKind
    /// Which built-in scalar is at the core when ``namedKind`` is ``NamedKind/builtInScalar``, so the
    /// store can check the JSON kind of a leaf; `nil` for every other kind, or when not known (then
    /// only lists and objects are refused at the core).
    public var builtInScalar: BuiltInScalar?

    /// A shape from the nullability of each level, the kind of the named type and, for a built-in
    /// scalar, which one (ignored for other kinds).
    public init(nullable: [Bool], namedKind: NamedKind, builtInScalar: BuiltInScalar? = nil) {
        self.nullable = nullable.isEmpty ? [true] : nullable
        self.namedKind = namedKind
        self.builtInScalar = namedKind == .builtInScalar ? builtInScalar : nil
    }

    /// How many lists nest around the named type: 0 for `User`, 2 for `[[User!]]!`.
    public var listDepth: Int { nullable.count - 1 }

    /// The shape of a field declared as `type`, whose named type is of `kind`; `nil` when the kind
    /// is unknown or cannot be a field's type.
    init?(_ type: TypeReference, kind: TypeKind?) {
        let namedKind: NamedKind
        let builtInScalar = BuiltInScalar(rawValue: type.namedType)
        switch kind {
        case .scalar?:
            namedKind = builtInScalar != nil ? .builtInScalar : .customScalar
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
        self.init(nullable: levels, namedKind: namedKind, builtInScalar: builtInScalar)
    }
}
