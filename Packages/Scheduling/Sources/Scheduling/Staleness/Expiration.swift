/// How long a root's data stays fresh after it was written.
///
/// It comes from the operation's `@cacheExpiration(seconds:)` (`GraphQLOperation.cacheExpiration`) when it
/// has one, else from the store's default (``resolved(cacheExpiration:default:)``). Staleness is read
/// against it on demand; nothing is scheduled when it runs out.
public struct Expiration: Sendable, Hashable {
    /// How long data stays fresh; `nil` means it never expires (it is still stale when invalidated
    /// or missing).
    public var duration: Duration?

    /// Data expires `duration` after it was written; a zero or negative duration makes every write
    /// stale at once.
    public static func after(_ duration: Duration) -> Expiration { Expiration(duration: duration) }

    /// Data never expires; only invalidation or missing data make it stale.
    public static let never = Expiration(duration: nil)

    /// The operation's own expiration when it declares one, else `storeDefault`.
    public static func resolved(cacheExpiration: Duration?, default storeDefault: Expiration) -> Expiration {
        cacheExpiration.map(Expiration.after) ?? storeDefault
    }
}
