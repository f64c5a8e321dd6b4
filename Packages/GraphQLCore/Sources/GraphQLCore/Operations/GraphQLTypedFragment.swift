/// A fragment the generator made a type for: its name, its type condition, the text that defines it
/// and its typed data.
///
/// An app attaches a fragment through the reference its parent's data hands it (data masking) or
/// through the identity of the object it reads; either way the fragment's data is read from the
/// object's record, not from the parent's answer.
public protocol GraphQLTypedFragment: Sendable {
    /// The fragment's data, decoded from the object's record.
    associatedtype Data: Decodable & Sendable & Hashable

    /// The fragment's name in the document.
    static var fragmentName: String { get }
    /// The type the fragment selects on (its `on` clause).
    static var typeCondition: String { get }
    /// The definition of this fragment followed by those of the fragments it spreads, in the form
    /// the compiler sends them (`__typename` and key fields added, client directives removed), so that
    /// the text compiles to a document of fragments on its own.
    static var text: String { get }
}

/// What a parent's data hands a child whose fragment it masks: the identity of the one object the
/// fragment reads, and nothing of the fields only the fragment selects.
///
/// It decodes from the object the parent selects (its `__typename` and `id`, which the compiler adds
/// to the selection of every object with a key) and encodes back as those two fields.
public struct GraphQLFragmentReference<Fragment: GraphQLTypedFragment>: Sendable, Hashable, Codable {
    /// The object's concrete type.
    public var typename: String
    /// The object's `id`.
    public var id: String

    /// A reference to the object of type `typename` whose `id` is `id`.
    public init(typename: String, id: String) {
        self.typename = typename
        self.id = id
    }

    private enum CodingKeys: String, CodingKey {
        case typename = "__typename"
        case id
    }

    /// Reads `__typename` and `id` from the object that spreads the fragment.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.typename = try container.decode(String.self, forKey: .typename)
        self.id = try container.decode(String.self, forKey: .id)
    }

    /// Writes `__typename` and `id` into the object that spreads the fragment.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typename, forKey: .typename)
        try container.encode(id, forKey: .id)
    }
}
