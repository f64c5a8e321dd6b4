/// How an attach may use the network; it stays with the retention the attach makes.
///
/// The policy is the holder's, not the root's: a root held by several attaches has several
/// policies, and a fetch the runtime starts later (invalidation, revalidation, heal) asks whether
/// any of them allows the network (``RetentionTable/anyHolderAllowsNetwork(_:)``).
public enum FetchPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Read the store and never fetch; without complete data the handle fails with missing data,
    /// and becomes loaded if another operation later writes the data.
    case storeOnly
    /// Read the store; fetch when its data is missing or stale.
    case storeOrNetwork
    /// Show what the store has and always fetch.
    case storeAndNetwork
    /// Fetch, and show store data only after that fetch completes.
    case networkOnly

    /// Whether a holder with this policy lets the runtime fetch for its root: every policy but
    /// ``storeOnly``.
    public var allowsNetwork: Bool {
        switch self {
        case .storeOnly: return false
        case .storeOrNetwork, .storeAndNetwork, .networkOnly: return true
        }
    }
}
