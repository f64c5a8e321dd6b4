/// One value of an enum type, as a ``Schema`` describes it.
public struct EnumValueInfo: Sendable, Hashable {
    /// The value's name.
    public let name: String
    /// The description, if the SDL gave one.
    public let description: String?
    /// Why the value is deprecated, `nil` when it is not.
    public let deprecationReason: String?

    init(name: String, description: String? = nil, deprecationReason: String? = nil) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
    }
}
