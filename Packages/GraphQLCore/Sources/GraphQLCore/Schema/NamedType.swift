/// A named type of a ``Schema``: a scalar, object, interface, union, enum or input object, with its
/// extensions merged in.
///
/// Only the members that the ``kind`` uses are non-empty: ``interfaces`` and ``fields`` for objects and
/// interfaces, ``unionMembers`` for unions, ``enumValues`` for enums, ``inputFields`` for input objects.
/// ``fields`` holds the declared fields only; the introspection fields (`__typename`, `__schema`,
/// `__type`) are answered by ``Schema/field(_:on:)``.
///
/// An immutable final class rather than a struct: validation and compilation look types up for every
/// field they visit, and handing out a reference costs one retain where copying the members cost a
/// dozen.
public final class NamedType: Sendable, Hashable {
    /// Which of the six kinds this is.
    public let kind: TypeKind
    /// The type's name.
    public let name: String
    /// The description, if the SDL gave one.
    public let description: String?
    /// The interfaces an object or interface declares it implements, in order.
    public let interfaces: [String]
    /// The fields of an object or interface, in order.
    public let fields: [FieldInfo]
    /// The member types of a union, in order.
    public let unionMembers: [String]
    /// The values of an enum, in order.
    public let enumValues: [EnumValueInfo]
    /// The fields of an input object, in order.
    public let inputFields: [InputValueInfo]
    /// For an input object marked `@oneOf`: exactly one field must be given, and not as null.
    public let isOneOf: Bool
    /// For a scalar marked `@specifiedBy(url:)`: the URL of its specification.
    public let specifiedByURL: String?

    private let fieldIndex: [String: Int]
    private let inputFieldIndex: [String: Int]
    private let enumValueIndex: [String: Int]

    init(
        kind: TypeKind, name: String, description: String? = nil, interfaces: [String] = [],
        fields: [FieldInfo] = [], unionMembers: [String] = [], enumValues: [EnumValueInfo] = [],
        inputFields: [InputValueInfo] = [], isOneOf: Bool = false, specifiedByURL: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.fields = fields
        self.unionMembers = unionMembers
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.isOneOf = isOneOf
        self.specifiedByURL = specifiedByURL
        // First occurrence wins; duplicates are reported by the schema's own validation.
        self.fieldIndex = Self.index(fields.map(\.name))
        self.inputFieldIndex = Self.index(inputFields.map(\.name))
        self.enumValueIndex = Self.index(enumValues.map(\.name))
    }

    private static func index(_ names: [String]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (offset, name) in names.enumerated() where index[name] == nil { index[name] = offset }
        return index
    }

    /// Two types are equal when every member is.
    public static func == (lhs: NamedType, rhs: NamedType) -> Bool {
        lhs === rhs
            || (lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.description == rhs.description
                && lhs.interfaces == rhs.interfaces && lhs.fields == rhs.fields && lhs.unionMembers == rhs.unionMembers
                && lhs.enumValues == rhs.enumValues && lhs.inputFields == rhs.inputFields && lhs.isOneOf == rhs.isOneOf
                && lhs.specifiedByURL == rhs.specifiedByURL)
    }

    /// Hashes the kind and name, which equal types share.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(name)
    }

    /// The declared field called `name` of an object or interface.
    public func field(named name: String) -> FieldInfo? {
        fieldIndex[name].map { fields[$0] }
    }

    /// The field called `name` of an input object.
    public func inputField(named name: String) -> InputValueInfo? {
        inputFieldIndex[name].map { inputFields[$0] }
    }

    /// The value called `name` of an enum.
    public func enumValue(named name: String) -> EnumValueInfo? {
        enumValueIndex[name].map { enumValues[$0] }
    }

    /// Objects, interfaces and unions: the types a selection set can be made on.
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }

    /// Interfaces and unions: the types whose values are one of several object types.
    public var isAbstract: Bool { kind == .interface || kind == .union }

    /// Scalars and enums: the types a selection ends on.
    public var isLeaf: Bool { kind == .scalar || kind == .enum }

    /// Scalars, enums and input objects: the types a variable or argument can have.
    public var isInputType: Bool { kind == .scalar || kind == .enum || kind == .inputObject }

    /// Every kind but input objects: the types a field can have.
    public var isOutputType: Bool { kind != .inputObject }
}
