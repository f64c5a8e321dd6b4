/// An argument of a field or directive, or a field of an input object, as a ``Schema`` describes it.
public struct InputValueInfo: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if the SDL gave one.
    public let description: String?
    /// The type, for example `Int!`.
    public let type: TypeReference
    /// The default value, a constant, if one is declared.
    public let defaultValue: Value?
    /// Why the value is deprecated, `nil` when it is not.
    public let deprecationReason: String?

    init(
        name: String, description: String? = nil, type: TypeReference, defaultValue: Value? = nil,
        deprecationReason: String? = nil
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
    }

    /// A non-null value without a default: a caller must provide it.
    public var isRequired: Bool {
        if case .nonNull = type, defaultValue == nil { return true }
        return false
    }
}
