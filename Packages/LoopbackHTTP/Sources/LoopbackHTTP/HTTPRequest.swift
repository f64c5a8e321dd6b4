/// A request the server accepted: a `GET` whose head fit the limits, its path split from its query,
/// with the access token already checked and removed from the path.
public struct HTTPRequest: Sendable, Hashable {
    /// The path after the token segment, always starting with `/` (`/` for the page itself).
    public var path: String
    /// The query's parameters, percent-decoded; the last of a repeated name wins.
    public var query: [String: String]
    /// The header fields, names lowercased.
    public var headers: [String: String]

    /// A request for `path` with `query` and `headers`.
    public init(path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
        self.path = path
        self.query = query
        self.headers = headers
    }
}
