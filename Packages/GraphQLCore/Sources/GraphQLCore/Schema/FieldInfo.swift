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

    init(
        name: String, description: String? = nil, arguments: [InputValueInfo] = [], type: TypeReference,
        deprecationReason: String? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
    }

    /// The argument called `name`.
    public func argument(named name: String) -> InputValueInfo? {
        arguments.first { $0.name == name }
    }
}
