/// A directive a ``Schema`` knows: a built-in one, the client's `@cacheExpiration`, or one the SDL declares.
public struct DirectiveInfo: Sendable, Hashable {
    /// The name, without `@`.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The arguments, in order.
    public let arguments: [InputValueInfo]
    /// Whether the directive may appear more than once at one location.
    public let isRepeatable: Bool
    /// Where the directive may appear.
    public let locations: [DirectiveLocation]
    /// Whether the directive is read by this client and never sent to the server (`@cacheExpiration`).
    public let isClientOnly: Bool

    init(
        name: String, description: String? = nil, arguments: [InputValueInfo] = [], isRepeatable: Bool = false,
        locations: [DirectiveLocation], isClientOnly: Bool = false
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.isClientOnly = isClientOnly
    }

    /// The argument called `name`.
    public func argument(named name: String) -> InputValueInfo? {
        arguments.first { $0.name == name }
    }
}
