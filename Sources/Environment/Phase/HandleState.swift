import Retention
import StoreCore
import Transport

/// Everything a handle's lock guards: its snapshot, its fetch, its derived phase and the iterators
/// of its phases.
///
/// The runtime changes it under its own lock (the runtime's lock, then the handle's: never the
/// other way round), so a fetch's start and its completion reach the handle in the order they
/// happened. Each change recomputes the phase and hands a changed phase to every iterator while
/// still under the lock, so iterators see phases in order.
struct HandleState: Sendable {
    let policy: FetchPolicy
    let operationName: String?
    var retentionID: RetentionID?
    /// The root's reading this handle shows when its document reads other fields than the root's
    /// own (`RootEntry.readings`); `nil` when it shows the root's snapshot as delivered.
    let reading: Int?
    var snapshot: Snapshot
    var fetch: FetchState = .idle
    /// `networkOnly` shows store data only after a fetch of its own completes.
    var showsStoreData: Bool
    var serverErrors: [GraphQLServerError] = []
    var isReleased = false
    var phase: Handle.Phase = .loading
    /// The last complete snapshot the phase showed: kept on screen while a fetch is in flight for
    /// data a write left incomplete, so that a heal, a revalidation, an invalidation or a refetch
    /// never shows `loading` or a passing `failed` once the handle has shown data.
    private(set) var lastComplete: Snapshot?
    /// Bumped whenever the phase changes (``refresh()`` finds it differs), so that a reader of the
    /// phase can tell a new one from the one it saw without comparing the data.
    private(set) var phaseVersion: UInt64 = 0
    /// The ``TypedHandle`` view's last decoded phase, kept here so that the view needs no lock of its
    /// own (an attach through a generated operation then costs one allocation less).
    var typedPhase: TypedPhase?
    /// Bumped whenever the fetch fails again, so that two failures in a row count as two phases.
    var failureCount = 0
    /// ``failureCount`` when ``phase`` was last computed.
    private var phaseFailureCount = 0
    var continuations: [UInt64: AsyncStream<Handle.Phase>.Continuation] = [:]
    var nextContinuationID: UInt64 = 0

    /// A typed view's decoding of the phase of count `version`; `phase` is its `TypedHandle.Phase`.
    struct TypedPhase: Sendable {
        var version: UInt64
        var phase: any Sendable
    }

    init(policy: FetchPolicy, operationName: String?, snapshot: Snapshot, reading: Int? = nil) {
        self.policy = policy
        self.operationName = operationName
        self.reading = reading
        self.snapshot = snapshot
        self.showsStoreData = policy != .networkOnly
        self.phase = derivedPhase()
    }

    /// Shows `snapshot`, the root's read, or its reading's snapshot among `readings` (the root's
    /// readings, read from the same records at the same moment) when its document reads other fields.
    mutating func show(_ snapshot: Snapshot, readings: [Snapshot]) {
        self.snapshot = reading.map { readings[$0] } ?? snapshot
    }

    /// The phase the snapshot and the fetch give.
    func derivedPhase() -> Handle.Phase {
        guard showsStoreData else {
            if case .failed(let error) = fetch { return .failed(error) }
            return .loading
        }
        if snapshot.data != nil, !snapshot.isMissingData || awaitsDeferredFields { return .loaded(snapshot) }
        switch fetch {
        case .inFlight:
            return lastComplete.map(Handle.Phase.loaded) ?? .loading
        case .failed(let error):
            return .failed(error)
        case .succeeded:
            return .failed(
                MissingDataError(
                    .notInResponse, operationName: operationName,
                    message: "the root's own fetch completed and the store still lacks some of its data"))
        case .idle:
            guard policy.allowsNetwork else {
                return .failed(
                    MissingDataError(
                        .notInStore, operationName: operationName,
                        message: "the store lacks some of the data and the policy is storeOnly"))
            }
            return .loading
        }
    }

    /// Whether the only data missing is deferred fields (`@defer`) that an answer may still bring
    /// or that the server said it could not: the fetch is in flight (an incremental answer shows
    /// its first parts), the fetch failed (what the parts before the failure wrote stays on
    /// screen), or the answer came with errors. After a clean answer without them, they are
    /// missing data like any field (decision 0163).
    var awaitsDeferredFields: Bool {
        guard snapshot.missesOnlyDeferredFields else { return false }
        switch fetch {
        case .inFlight, .failed: return true
        case .succeeded: return !serverErrors.isEmpty
        case .idle: return false
        }
    }

    /// Recomputes the phase after a change; when it differs, hands it to every iterator. Returns
    /// whether observers should be told (always, after a change: the fetch or the snapshot may have
    /// changed while the phase did not).
    mutating func refresh() -> Bool {
        let new = derivedPhase()
        let changed = new.differs(from: phase, failureChanged: failureCount != phaseFailureCount)
        phase = new
        if let shown = new.snapshot { lastComplete = shown }
        phaseFailureCount = failureCount
        if changed {
            phaseVersion &+= 1
            for continuation in continuations.values { continuation.yield(new) }
        }
        return true
    }

    /// Takes every iterator's continuation, for the caller to finish once the lock is released
    /// (finishing one runs its termination handler, which takes the lock).
    mutating func takeIterators() -> [AsyncStream<Handle.Phase>.Continuation] {
        defer { continuations.removeAll() }
        return Array(continuations.values)
    }
}
