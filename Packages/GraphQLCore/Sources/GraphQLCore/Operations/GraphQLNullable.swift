/// An optional input with three states, because GraphQL tells them apart: a variable or input field
/// left out (the server applies its default, or leaves the value unchanged), given as `null`
/// (clearing it), or given a value.
///
/// A plain Swift optional has two states, so `nil` would have to mean one of the first two. Encoded
/// through a keyed container, ``absent`` leaves the key out (see
/// `KeyedEncodingContainer.encode(_:forKey:)` below); encoded on its own it has no way to leave
/// itself out and writes `null`.
///
/// `indirect` so that an input object may hold an optional field of its own type.
public indirect enum GraphQLNullable<Wrapped> {
    /// Left out: the key is not written.
    case absent
    /// Given as `null`.
    case null
    /// Given this value.
    case some(Wrapped)
}

extension GraphQLNullable: Sendable where Wrapped: Sendable {}
extension GraphQLNullable: Equatable where Wrapped: Equatable {}
extension GraphQLNullable: Hashable where Wrapped: Hashable {}

extension GraphQLNullable: ExpressibleByNilLiteral {
    /// `nil` is an explicit ``null``, so that `nil` never silently means "left out".
    public init(nilLiteral: ()) { self = .null }
}

extension GraphQLNullable {
    /// A value, or ``null`` for `nil`: for passing a Swift optional through.
    public init(_ optional: Wrapped?) {
        self = optional.map { .some($0) } ?? .null
    }

    /// The value, or `nil` when absent or null.
    public var value: Wrapped? {
        if case .some(let wrapped) = self { return wrapped }
        return nil
    }
}

extension GraphQLNullable: Encodable where Wrapped: Encodable {
    /// Writes the value, or `null` for both ``null`` and ``absent`` (a lone value cannot leave itself
    /// out; a keyed container can, and does).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case .some(let wrapped): try container.encode(wrapped)
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes `value` under `key`, `null` for ``GraphQLNullable/null``, and nothing at all for
    /// ``GraphQLNullable/absent``: the overload a keyed encoding picks for a three-state input.
    public mutating func encode<Wrapped: Encodable>(_ value: GraphQLNullable<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .some(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}
