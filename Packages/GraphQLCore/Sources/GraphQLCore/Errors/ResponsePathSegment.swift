/// One step of a path into a GraphQL response: a field's response key or a list index, as the
/// `path` of a GraphQL error writes them (`["viewer", "friends", 3, "name"]`).
public enum ResponsePathSegment: Sendable, Hashable, CustomStringConvertible {
    /// A field, by its response key (alias or name).
    case key(String)
    /// A position in a list.
    case index(Int)

    /// The key, or the index as decimal digits.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
}

extension ResponsePathSegment: ExpressibleByStringLiteral {
    /// Makes `.key`.
    public init(stringLiteral value: String) { self = .key(value) }
}

extension ResponsePathSegment: ExpressibleByIntegerLiteral {
    /// Makes `.index`.
    public init(integerLiteral value: Int) { self = .index(value) }
}
