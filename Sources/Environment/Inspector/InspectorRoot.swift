import Primitives

/// One root as the store inspector shows it: what the runtime knows of it, value-free.
@_spi(Inspector) public struct InspectorRoot: Sendable, Hashable {
    /// One holder of the root: its retention's number and its fetch policy.
    public struct Holder: Sendable, Hashable {
        /// The retention's number.
        public var id: UInt64
        /// The fetch policy's name (`storeOnly`, `storeOrNetwork`, `storeAndNetwork`, `networkOnly`).
        public var policy: String
    }

    /// How the root's last fetch ended.
    public struct Fetch: Sendable, Hashable {
        /// Why it was fetched (`attach`, `revalidation`, `invalidation`, `heal`, `refetch`).
        public var reason: String
        /// `succeeded`, or `failed` with the failure's kind (`failed: transport`).
        public var outcome: String
        /// How long it took, in milliseconds.
        public var durationMilliseconds: Double
        /// When it ended.
        public var endedAt: WallInstant
    }

    /// The operation identity's hash (text and variables).
    public var identity: String
    /// The operation's name, when it has one.
    public var operationName: String?
    /// `query`, `mutation` or `subscription`.
    public var kind: String
    /// A hash of the canonical variables alone (the same for every operation with those variables).
    public var variablesHash: String
    /// Its holders, in retention order; empty for a root waiting in the release buffer.
    public var holders: [Holder]
    /// Whether a holder keeps it (else it waits in the release buffer).
    public var isRetained: Bool
    /// How long its data stays fresh; `nil` when it never expires.
    public var expirationSeconds: Double?
    /// When the oldest data it reads was written; `nil` when some of it is missing.
    public var oldestWrite: WallInstant?
    /// When that data goes stale by expiration; `nil` when it never does or is missing.
    public var staleAt: WallInstant?
    /// `fresh`, or `stale: missing` / `stale: invalidated` / `stale: expired`.
    public var staleness: String
    /// Its last fetch, when one ended.
    public var lastFetch: Fetch?
    /// Whether a fetch of it is in flight.
    public var inFlight: Bool
    /// How many fetches of it were joined instead of sent.
    public var joinedFetches: Int
    /// Each live handle's phase (`loading`, `loaded`, `failed(...)`).
    public var handlePhases: [String]
    /// The planner's answer for a `revalidate()` now: `fetch`, `join`, or `skip: ` and why.
    public var revalidation: String
    /// The records its data reads, by ID (at most `EnvironmentInspection.maxRecordsPerRoot`).
    public var recordIDs: [String]
}
