import Primitives

/// Whether a root's data may be shown without fetching, and if not, why.
///
/// A pure predicate of four values (``of(oldestWrite:invalidatedAt:expiration:now:)``): the runtime
/// reads it at an attach and in `revalidate()` / `invalidate()`, and nothing about it is stored.
public enum Staleness: Sendable, Hashable {
    /// The data is complete, written after the store's invalidation point and not yet expired.
    case fresh
    /// The data should be fetched again.
    case stale(Reason)

    /// Why data is stale; the first of these that applies is given.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// Some of the data the root reads was never written.
        case missing
        /// The oldest of the data was written at or before the store's invalidation point.
        case invalidated
        /// The oldest of the data was written at least the expiration's duration ago.
        case expired
    }

    /// Whether this is ``fresh``.
    public var isFresh: Bool { self == .fresh }

    /// The staleness of data whose oldest write was at `oldestWrite` (`nil` when some of it was
    /// never written), in a store invalidated at `invalidatedAt` (`nil` when it never was), for an
    /// operation whose data expires per `expiration`, at `now`.
    ///
    /// The oldest write decides, because a root is only as fresh as the oldest record it reads;
    /// a record refreshed by another operation's response counts as fresh here too. Data written at
    /// exactly the invalidation point is stale (the invalidation saw it), and data is expired from
    /// the instant `oldestWrite + duration` on. A clock that has moved back before the write time
    /// leaves the data fresh rather than stale: the expiration still runs from the write.
    public static func of(
        oldestWrite: WallInstant?, invalidatedAt: WallInstant?, expiration: Expiration, now: WallInstant
    ) -> Staleness {
        guard let oldestWrite else { return .stale(.missing) }
        if let invalidatedAt, oldestWrite <= invalidatedAt { return .stale(.invalidated) }
        if let duration = expiration.duration, now >= oldestWrite + duration { return .stale(.expired) }
        return .fresh
    }
}
