/// What the generator is told beyond the schema and the documents, read from a JSON file such as
/// `{"scalars": {"DateTime": "String"}, "accessLevel": "internal"}`; every key may be left out.
public struct CodegenConfiguration: Sendable, Hashable, Decodable {
    /// The Swift type of each custom scalar, by the scalar's name: `String`, or a type of the app's
    /// that conforms to `GraphQLCustomScalar`. A custom scalar a document uses without a mapping is
    /// an error; the built-in scalars map to `Int`, `Double`, `String`, `Bool` and `String` (for `ID`),
    /// and a custom scalar named `Upload` (the file of the GraphQL multipart request spec) to
    /// `GraphQLCore.Upload`, unless named here.
    public var scalars: [String: String]
    /// The access level of the generated declarations: ``AccessLevel/public`` (the default) or
    /// ``AccessLevel/internal``.
    public var accessLevel: AccessLevel
    /// The name of the enum that holds the schema's enums, input objects and custom scalar aliases
    /// that the documents use (`GraphQLSchema` unless named): one namespace, so that two documents
    /// share one `Episode` and the app's own types keep their names.
    public var schemaNamespace: String
    /// Whether a selection that spreads a named fragment holds a `GraphQLFragmentReference` to it
    /// instead of the fragment's fields (`false` unless set): the parent then keeps only the fields
    /// it selects itself, and the component that owns the fragment attaches the reference to read
    /// them. Only a spread on objects with a non-null `id` that is always in the answer is masked;
    /// any other spread is generated as it is without masking.
    public var dataMasking: Bool
    /// Whether each generated selection also gets an initializer that takes every property, for
    /// previews and test fixtures (`false` unless set). Off by default because it is the largest part
    /// of the generated code (decision 0221); without it a fixture is decoded from JSON, or built
    /// with `init(__data:)` from a `JSONObject` literal.
    public var memberwiseInitializers: Bool

    /// Whether the generated declarations are visible outside the module.
    public enum AccessLevel: String, Sendable, Hashable, Decodable {
        /// Visible to every module that imports the one the code is generated in.
        case `public`
        /// Visible inside the module only.
        case `internal`
    }

    /// A configuration; the defaults are those of an empty JSON object.
    public init(
        scalars: [String: String] = [:], accessLevel: AccessLevel = .public, schemaNamespace: String = "GraphQLSchema",
        dataMasking: Bool = false, memberwiseInitializers: Bool = false
    ) {
        self.scalars = scalars
        self.accessLevel = accessLevel
        self.schemaNamespace = schemaNamespace
        self.dataMasking = dataMasking
        self.memberwiseInitializers = memberwiseInitializers
    }

    private enum CodingKeys: String, CodingKey {
        case scalars
        case accessLevel
        case schemaNamespace
        case dataMasking
        case memberwiseInitializers
    }

    /// Reads a configuration from its JSON form; a key left out takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scalars: try container.decodeIfPresent([String: String].self, forKey: .scalars) ?? [:],
            accessLevel: try container.decodeIfPresent(AccessLevel.self, forKey: .accessLevel) ?? .public,
            schemaNamespace: try container.decodeIfPresent(String.self, forKey: .schemaNamespace) ?? "GraphQLSchema",
            dataMasking: try container.decodeIfPresent(Bool.self, forKey: .dataMasking) ?? false,
            memberwiseInitializers: try container.decodeIfPresent(Bool.self, forKey: .memberwiseInitializers) ?? false)
    }
}
