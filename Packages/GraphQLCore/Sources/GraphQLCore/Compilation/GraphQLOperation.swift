/// A compiled operation with its variables: what an app attaches, and what every layer keys on.
///
/// Made by ``CompiledDocument/operation(named:variables:)``, which coerces the variables against their
/// declared types (defaults applied). Two operations made from the same text and equal variables
/// have one ``identity`` in every process.
public struct GraphQLOperation: Sendable, Hashable {
    /// `query`, `mutation` or `subscription`.
    public var kind: OperationKind
    /// The operation's name, if it has one.
    public var name: String?
    /// The text the transport sends: the document printed compact (``Printer/printCompact(_:)``) with
    /// client directives and descriptions removed and `__typename`/`id` added, holding this operation
    /// and the fragments it uses.
    public var text: String
    /// The name of the root type the selection starts from (`Query`, `Mutation`, ...).
    public var rootTypeName: String
    /// The selection tree the store reads and writes with.
    public var selectionSet: CompiledSelectionSet
    /// The coerced variables, defaults applied.
    public var variables: JSONObject
    /// From `@cacheExpiration(seconds:)` on the operation; `nil` means the store's default applies.
    public var cacheExpiration: Duration?
    /// The operation's identity: a stable hash of ``text`` and the canonical ``variables``.
    public var identity: OperationIdentity
    /// Whether the text keeps a `@defer` or `@stream` that can apply, so the answer may come in parts
    /// (incremental delivery): a transport then asks for `multipart/mixed`.
    public var usesIncrementalDelivery: Bool
    /// The files the operation sends, each with its place in ``variables`` (which hold `null` there):
    /// a transport sends them as a GraphQL multipart request. Empty for most operations; see
    /// ``placingUploads(_:)``.
    public var uploads: [UploadPlacement] = []

    /// An operation from its parts; the identity is computed from the text and the variables.
    public init(
        kind: OperationKind, name: String?, text: String, rootTypeName: String,
        selectionSet: CompiledSelectionSet, variables: JSONObject, cacheExpiration: Duration?
    ) {
        self.init(
            kind: kind, name: name, text: text, textDigest: OperationIdentity.textDigest(text),
            rootTypeName: rootTypeName, selectionSet: selectionSet, variables: variables,
            cacheExpiration: cacheExpiration)
    }

    /// An operation whose text's digest is already known (a compiled document keeps it), so that
    /// only the variables are hashed.
    init(
        kind: OperationKind, name: String?, text: String, textDigest: [UInt8], rootTypeName: String,
        selectionSet: CompiledSelectionSet, variables: JSONObject, cacheExpiration: Duration?
    ) {
        self.kind = kind
        self.name = name
        self.text = text
        self.rootTypeName = rootTypeName
        self.selectionSet = selectionSet
        self.variables = variables
        self.cacheExpiration = cacheExpiration
        self.identity = OperationIdentity(textDigest: textDigest, variables: variables)
        self.usesIncrementalDelivery = selectionSet.usesIncrementalDelivery
    }
}

/// The kind of an operation.
public enum OperationKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A read.
    case query
    /// A write.
    case mutation
    /// A stream of results.
    case subscription
}
