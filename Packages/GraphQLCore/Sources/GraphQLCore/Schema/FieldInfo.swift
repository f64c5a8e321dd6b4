/// A field of an object or interface type, as a ``Schema`` describes it.
public struct FieldInfo: Sendable, Hashable {
    /// The field's name.
    public let name: String
    /// The description, if the SDL gave one.
    public let description: String?
    /// The arguments, in order.
    public let arguments: [InputValueInfo]
    /// The field's type, for example `[User!]!`.
    public let type: TypeReference
    /// Why the field is deprecated, `nil` when it is not.
    public let deprecationReason: String?
    /// The list levels `@semanticNonNull(levels:)` marks (0 the field's value, 1 its list's items,
    /// ...): null there only when the server reports an error for it. Empty without the directive.
    public let semanticNonNullLevels: [Int]

    init(
        name: String, description: String? = nil, arguments: [InputValueInfo] = [], type: TypeReference,
        deprecationReason: String? = nil, semanticNonNullLevels: [Int] = []
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.semanticNonNullLevels = semanticNonNullLevels
    }

    /// ``type`` with each level of ``semanticNonNullLevels`` non-null: the type a generated property
    /// takes, where a null can only come with an error. ``type`` itself when the directive is absent.
    public var semanticType: TypeReference {
        guard !semanticNonNullLevels.isEmpty else { return type }
        return Self.nonNull(type, levels: Set(semanticNonNullLevels), level: 0)
    }

    private static func nonNull(_ reference: TypeReference, levels: Set<Int>, level: Int) -> TypeReference {
        switch reference {
        case .nonNull(let inner):
            return .nonNull(nonNull(inner, levels: levels, level: level).unwrappingNonNull)
        case .named:
            return levels.contains(level) ? .nonNull(reference) : reference
        case .list(let item):
            let list = TypeReference.list(nonNull(item, levels: levels, level: level + 1))
            return levels.contains(level) ? .nonNull(list) : list
        }
    }

    /// The argument called `name`.
    public func argument(named name: String) -> InputValueInfo? {
        arguments.first { $0.name == name }
    }
}

extension TypeReference {
    /// The type without its outermost non-null wrapper.
    fileprivate var unwrappingNonNull: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }
}
