/// An operation whose variables and data are Swift types: what `graphql-codegen` generates for each
/// operation of a `.graphql` file, so that a mismatch between a document and the types that read its
/// answer fails the build instead of a decode at run time.
///
/// The static members describe the document, which is fixed when the code is generated; an instance
/// carries one set of variables. The text is the compiler's (``GraphQLOperation/text``): client
/// directives and descriptions removed, `__typename` and key fields added, the fragments it uses
/// appended; ``Data`` follows the answer to that text, so it has the added fields too.
public protocol GraphQLTypedOperation: Sendable {
    /// The operation's variables, encoded as the request's `variables` object. Hashable, so that a
    /// runtime can keep the operation it made from each value and find it again without encoding.
    associatedtype Variables: Encodable & Sendable & Hashable
    /// The answer's `data`, decoded from JSON.
    associatedtype Data: Decodable & Sendable & Hashable

    /// The operation's name in the document.
    static var operationName: String { get }
    /// Whether it is a query, a mutation or a subscription.
    static var operationKind: OperationKind { get }
    /// The text to send: the same text ``CompiledDocument`` compiles the operation to.
    static var text: String { get }
    /// The SHA-256 of ``text`` as 64 lowercase hex digits (``DocumentDigest/sha256Hex(_:)``): the hash an
    /// automatic persisted query sends in place of the text, and the digest the operation's identity
    /// starts from.
    static var textDigest: String { get }
    /// The text the client compiles, when it is not ``text``: ``text`` with the client directives
    /// written in the operation kept (`@connection`, which makes a paged list of a field), so that
    /// what they ask of the store survives. Compiled, it sends ``text``. `nil` when the operation
    /// has none.
    static var clientText: String? { get }

    /// From `@cacheExpiration(seconds:)` on the operation, which the text no longer has (it is a client
    /// directive); `nil` means the store's default applies, as for ``GraphQLOperation/cacheExpiration``.
    static var cacheExpiration: Duration? { get }

    /// The variables of this instance.
    var variables: Variables { get }
}

extension GraphQLTypedOperation {
    /// No expiration of its own: the operation had no `@cacheExpiration`.
    public static var cacheExpiration: Duration? { nil }

    /// No client directives: the client compiles ``text``.
    public static var clientText: String? { nil }
}
