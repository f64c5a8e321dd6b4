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

    /// A response from its parts.
    public init(data: JSONValue? = nil, errors: [GraphQLServerError] = [], extensions: JSONObject = [:]) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }
}
