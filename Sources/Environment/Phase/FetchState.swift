import Primitives
import Scheduling

/// A handle's fetch: the last fetch of its root that the handle took part in.
///
/// A handle whose policy allows the network follows every fetch of its root from its attach on
/// (its own, and those an invalidation, a revalidation or a heal starts). A `storeOnly` handle never
/// fetches, so its fetch stays ``idle``.
public enum FetchState: Sendable {
    /// No fetch since the attach.
    case idle
    /// A fetch of the root is in flight.
    case inFlight
    /// The last fetch succeeded at this instant, and its response is in the store.
    case succeeded(at: WallInstant)
    /// The last fetch failed with this error (``FetchError`` or ``MissingDataError``); the store is
    /// as it was before it.
    case failed(any Error)

    /// Whether a fetch is in flight.
    public var isInFlight: Bool {
        if case .inFlight = self { return true }
        return false
    }

    /// The error of the last fetch, when it failed.
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
