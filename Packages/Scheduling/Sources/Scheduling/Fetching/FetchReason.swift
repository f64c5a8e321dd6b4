/// Why the runtime fetches a root: logged with every fetch, and kept by the in-flight registry for
/// each request that started or joined it.
public enum FetchReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// An attach whose policy asks for the network (missing or stale data, `storeAndNetwork`,
    /// `networkOnly`).
    case attach
    /// `invalidate()` marked the data stale.
    case invalidation
    /// `revalidate()` found the data stale or the last fetch failed.
    case revalidation
    /// A publish left the root with missing data.
    case heal
    /// The app asked a handle to fetch again.
    case refetch
}
