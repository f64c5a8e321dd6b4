import GraphQLCore

/// One entry of a GraphQL response's `errors` list: an error the server reported while handling the
/// request. It is data in a response, not a thrown error; the transport never throws it.
public struct GraphQLServerError: Sendable, Hashable {
    /// One segment of ``path``: a field's response key or a list index (the store's errors use the
    /// same type).
    public typealias PathSegment = ResponsePathSegment

    /// What went wrong, as the server wrote it (may hold user data: never log it).
    public var message: String
    /// Where in the request's text the error is.
    public var locations: [SourceLocation]
    /// The response field the error belongs to; empty for a request error.
    public var path: [PathSegment]
    /// The server's `extensions` entry (for example a `code`).
    public var extensions: JSONObject

    /// An error from its parts.
    public init(
        message: String, locations: [SourceLocation] = [], path: [PathSegment] = [], extensions: JSONObject = [:]
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }
}
