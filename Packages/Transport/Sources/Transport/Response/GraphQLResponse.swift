import GraphQLCore

/// One GraphQL response: the `data` the server computed, the `errors` it reported, and its `extensions`.
///
/// A response with errors, and even one with errors and no data, is still a response: the server
/// understood the request and answered. Only a failure to get an answer at all is a thrown
/// ``TransportError``.
public struct GraphQLResponse: Sendable, Hashable {
    /// The result; `nil` when the response had no `data` entry, `.null` when it was `null`.
    public var data: JSONValue?
    /// The errors the server reported, in order.
    public var errors: [GraphQLServerError]
    /// The response's `extensions` entry.
    public var extensions: JSONObject
    /// Whether more parts of this answer follow (incremental delivery, `@defer`/`@stream`): `true` on
    /// the initial part and on each later part but the last; `false` for an answer in one piece.
    public var hasNext: Bool
    /// What a later part of an incremental answer adds, in the order the server sent it: deferred
    /// fields and streamed list items, each at its path from the operation's root. Empty for an answer
    /// in one piece and for the initial part, whose ``data`` is the first tree.
    public var increments: [GraphQLIncrement]

    /// A response from its parts.
    public init(
        data: JSONValue? = nil, errors: [GraphQLServerError] = [], extensions: JSONObject = [:],
        hasNext: Bool = false, increments: [GraphQLIncrement] = []
    ) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.hasNext = hasNext
        self.increments = increments
    }
}
