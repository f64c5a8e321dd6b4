import GraphQLCore
import Scheduling
import Transport

/// What an answer says about its own freshness: the HTTP `Cache-Control` header
/// (`GraphQLResponse.cacheControl`) and Apollo Server's `extensions.cacheControl.hints`, each of whose
/// `maxAge` bounds the answer as a whole (the shortest wins, as Apollo Server computes a response's
/// policy from its fields' hints).
struct ServerCacheHint: Sendable, Hashable {
    /// How many seconds the answer stays fresh, by the shortest of what the server said.
    var maxAge: Int?
    /// Whether the server said `no-store`: the answer is shown and never written to the record source.
    var noStore: Bool

    /// The hint of `response`, or `nil` when it says nothing.
    init?(_ response: GraphQLResponse) {
        var maxAge = response.cacheControl?.maxAge
        if case .object(let cacheControl)? = response.extensions["cacheControl"],
            case .array(let hints)? = cacheControl["hints"]
        {
            for case .object(let hint) in hints {
                guard case .int(let seconds)? = hint["maxAge"], seconds >= 0 else { continue }
                maxAge = min(maxAge ?? .max, seconds)
            }
        }
        let noStore = response.cacheControl?.noStore ?? false
        guard maxAge != nil || noStore else { return nil }
        self.maxAge = maxAge
        self.noStore = noStore
    }

    /// A root's expiration (decision 0178): the operation's own `@cacheExpiration` when it declares
    /// one (the document's author said it for this screen); else the shorter of the environment's
    /// default and the server's `maxAge`.
    static func expiration(of operation: GraphQLOperation, default storeDefault: Expiration, serverMaxAge: Int?)
        -> Expiration
    {
        let own = Expiration.resolved(cacheExpiration: operation.cacheExpiration, default: storeDefault)
        guard operation.cacheExpiration == nil, let serverMaxAge else { return own }
        let server = Duration.seconds(serverMaxAge)
        guard let duration = own.duration else { return .after(server) }
        return .after(min(duration, server))
    }

    /// The name of the optimistic layer a `no-store` answer of `root` is shown through: in memory, over
    /// the records, never in the record source.
    static func layer(of root: OperationIdentity) -> String { "no-store:" + root.hash }
}
