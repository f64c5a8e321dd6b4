import GraphQLCore
import Observation
import Primitives
import Retention
import StoreCore
import Transport

/// What an attach returns: a live view of one operation's data in the store, with its fetch and the
/// phase a screen shows.
///
/// A handle keeps its root retained (its records are neither collected nor forgotten) until
/// ``release()`` or until its last reference goes. Observe it with Observation (``phase``,
/// ``fetch``, ``snapshot`` are tracked) or iterate ``phases``.
///
/// Thread-safe: its state is behind a lock, and observers are told after the lock is released.
public final class Handle: Sendable {
    /// The operation attached.
    public let operation: GraphQLOperation
    /// The policy it was attached with; it stays with the handle's retention.
    public let policy: FetchPolicy

    let environment: GraphQLEnvironment
    let state: Locked<HandleState>
    private let registrar = ObservationRegistrar()

    init(
        environment: GraphQLEnvironment, operation: GraphQLOperation, policy: FetchPolicy, snapshot: Snapshot,
        reading: Int? = nil
    ) {
        self.environment = environment
        self.operation = operation
        self.policy = policy
        self.state = Locked(
            HandleState(policy: policy, operationName: operation.name, snapshot: snapshot, reading: reading))
    }

    deinit {
        let (id, iterators) = state.withLock { state in
            (state.isReleased ? nil : state.retentionID, state.takeIterators())
        }
        for iterator in iterators { iterator.finish() }
        if let id { environment.release(id, root: operation.identity) }
    }

    /// What the screen shows: `loading`, `loaded(snapshot)` or `failed(error)`.
    public var phase: Phase {
        registrar.access(self, keyPath: \.phase)
        return state.withLock { $0.phase }
    }

    /// The phase, the count of its changes and the typed view's last decoded phase, read together: a
    /// ``TypedHandle`` decodes a phase once and knows it again by the count. Tracked as ``phase`` is.
    var phaseAndTypedPhase: (phase: Phase, version: UInt64, typed: HandleState.TypedPhase?) {
        registrar.access(self, keyPath: \.phase)
        return state.withLock { ($0.phase, $0.phaseVersion, $0.typedPhase) }
    }

    /// Keeps `typed`, the typed view's decoding of the phase of count `version`, unless a newer one
    /// is kept already (a reader that decoded an older phase meanwhile does not overwrite it).
    func keepTypedPhase(_ typed: any Sendable, version: UInt64) {
        state.withLock { state in
            if let kept = state.typedPhase, kept.version >= version { return }
            state.typedPhase = HandleState.TypedPhase(version: version, phase: typed)
        }
    }

    /// The handle's fetch: idle, in flight, succeeded at an instant, or failed with an error.
    public var fetch: FetchState {
        registrar.access(self, keyPath: \.fetch)
        return state.withLock { $0.fetch }
    }

    /// The latest read of the root from the store (it may be missing data).
    public var snapshot: Snapshot {
        registrar.access(self, keyPath: \.snapshot)
        return state.withLock { $0.snapshot }
    }

    /// The GraphQL errors of the last response that the store did not keep at a field: with data,
    /// the request errors without a path (and any whose path met no `null`); alone, every error
    /// (the fetch failed with a ``FetchError`` of code ``FetchError/Code/graphQLErrors`` holding the
    /// same errors). Errors at fields are in the snapshot (`Snapshot.fieldErrors`), from the store,
    /// whichever query wrote them. Empty after a clean response. A failure of another kind leaves
    /// them as they were.
    public var serverErrors: [GraphQLServerError] {
        registrar.access(self, keyPath: \.serverErrors)
        return state.withLock { $0.serverErrors }
    }

    /// Whether ``release()`` was called.
    public var isReleased: Bool { state.withLock { $0.isReleased } }

    /// The phases: the current one first, then each change, until the handle is released.
    public var phases: PhaseSequence { PhaseSequence(handle: self) }

    /// The snapshot's data decoded into `type`, whose coding keys are the response keys.
    ///
    /// Throws ``MissingDataError`` when the data is not complete, and the decoder's error when it
    /// does not fit `type`. The snapshot's field errors reach a generated `@catch` property. While an incremental answer is open, deferred fields may be absent
    /// (``Snapshot/missesOnlyDeferredFields``): declare them optional in `type`.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        registrar.access(self, keyPath: \.snapshot)
        let (snapshot, awaitsDeferredFields) = state.withLock { ($0.snapshot, $0.awaitsDeferredFields) }
        guard let data = snapshot.data, !snapshot.isMissingData || awaitsDeferredFields else {
            throw MissingDataError(
                .notInStore, operationName: operation.name, message: "the snapshot is not complete, nothing to decode")
        }
        return try TypedDecoding.decoder(catching: snapshot.fieldErrors).decode(type, from: data)
    }

    /// Ends the handle's retention. The second and later calls do nothing. A fetch in flight for the
    /// root still completes and writes the store, but starts nothing after it.
    public func release() {
        let (id, iterators) = state.withLock { state -> (RetentionID?, [AsyncStream<Phase>.Continuation]) in
            guard !state.isReleased else { return (nil, []) }
            state.isReleased = true
            return (state.retentionID, state.takeIterators())
        }
        for iterator in iterators { iterator.finish() }
        if let id { environment.release(id, root: operation.identity) }
    }

    // MARK: Runtime side

    /// Changes the state under the handle's lock (the caller holds the runtime's lock) and
    /// recomputes the phase; returns whether observers must be told, after the locks are released.
    func update(_ body: (inout HandleState) -> Void) -> Bool {
        state.withLock { state in
            guard !state.isReleased else { return false }
            body(&state)
            return state.refresh()
        }
    }

    /// Tells Observation's observers that the handle changed. Called with no lock held: an
    /// observer's callback may read the handle or call the environment.
    func notifyObservers() {
        registrar.withMutation(of: self, keyPath: \.phase) {}
        registrar.withMutation(of: self, keyPath: \.fetch) {}
        registrar.withMutation(of: self, keyPath: \.snapshot) {}
        registrar.withMutation(of: self, keyPath: \.serverErrors) {}
    }

    /// A stream that starts with the current phase and gets every change.
    func makePhaseStream() -> AsyncStream<Phase> {
        let (stream, continuation) = AsyncStream<Phase>.makeStream(bufferingPolicy: .unbounded)
        let id = state.withLock { state -> UInt64? in
            continuation.yield(state.phase)
            guard !state.isReleased else {
                continuation.finish()
                return nil
            }
            state.nextContinuationID += 1
            state.continuations[state.nextContinuationID] = continuation
            return state.nextContinuationID
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
            }
        }
        return stream
    }
}

extension Handle: Observable {}
