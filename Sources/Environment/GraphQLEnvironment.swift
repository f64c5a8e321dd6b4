import EventLog
import GraphQLCore
import Primitives
@_spi(Runtime) import Scheduling
import StoreCore
import Transport

/// The runtime: apps attach operations to it and read the store through the handles it returns; it
/// fetches through the transport, shares fetches in flight, refetches on ``revalidate()`` and
/// ``invalidate()``, heals roots a write left incomplete, collects what nothing retains, and logs
/// value-free events.
///
/// Thread-safe. The decisions are made by value-type state machines (the retention table, the
/// in-flight registry, the heal suppression, the revalidation planner) kept under one lock; the
/// effects they ask for (requests, observers, events) run after the lock is released, and every
/// request runs in its own task. There is no timer, no lifecycle observer and no reachability
/// input: the app calls ``revalidate()`` when it returns to the foreground or regains a path.
///
/// Named apart from its module so that one file can import SwiftUI and this module and use both this
/// type and SwiftUI's `@Environment` unqualified.
public final class GraphQLEnvironment: Sendable {
    /// The schema operations are compiled against, when the app gave one.
    public let schema: Schema?
    /// The normalized store: the UI's state.
    public let store: Store
    /// Where requests go.
    public let transport: any Transport
    /// Where the runtime reads the time for staleness and fetch times.
    public let clock: any WallClock
    /// Where events go.
    public let log: any EventSink
    /// Expiration and release-buffer settings.
    public let configuration: EnvironmentConfiguration

    let state: Locked<RuntimeState>
    /// Generated operation types' documents, compiled against ``schema`` once per type, and the
    /// operations made from them lately, by type and variables.
    let typedOperations = Locked(TypedOperationCache())
    /// The mutations that did not reach the server, waiting for a replay.
    let mutationQueue = Locked(MutationQueue())

    /// An environment over `store` (by default a new in-memory store reading `clock`, keying records
    /// by the schema's `@typePolicy` key fields, with the configuration's missing-field handler) that
    /// fetches through `transport`.
    ///
    /// Give a store you made yourself the same clock (`Store.init(clock:source:)`), so
    /// that write times and staleness read one clock, and the schema's key fields
    /// (`StoreConfiguration(keyFields: schema.keyFields)`).
    public init(
        schema: Schema? = nil, store: Store? = nil, transport: any Transport,
        clock: any WallClock = SystemWallClock(), log: any EventSink = NoEventSink(),
        configuration: EnvironmentConfiguration = EnvironmentConfiguration()
    ) {
        self.schema = schema
        // The schema's @typePolicy key fields identify records of the default store (decision 0176).
        self.store =
            store
            ?? Store(
                configuration: StoreConfiguration(
                    keyFields: schema?.keyFields ?? [:], clock: { clock.now() },
                    missingFieldHandler: configuration.missingFieldHandler))
        self.transport = transport
        self.clock = clock
        self.log = log
        self.configuration = configuration
        self.state = Locked(
            RuntimeState(
                releaseBufferSize: configuration.releaseBufferSize,
                readsMissingFieldArguments: self.store.hasMissingFieldHandler))
        // Before any screen attaches: the queued mutations' optimistic data is on screen from the
        // first read, with no request.
        restoreQueuedMutations()
    }

    /// Whether the app is active. While `false`, GraphQL subscriptions are parked (their transport
    /// streams closed); set back to `true`, they resume. Queries read nothing of it. The app sets it
    /// from its own lifecycle (a scene phase, an app state); the runtime observes no platform.
    public var isActive: Bool {
        get { state.withLock { $0.isActive } }
        set { setActive(newValue) }
    }

    /// Performs what a decision under the lock asked for, with no lock held.
    func perform(_ effects: Effects) {
        for event in effects.events { log.record(event) }
        for handle in effects.handles { handle.notifyObservers() }
        for (waiter, end) in effects.waiters { waiter.resume(returning: end) }
        for layer in effects.removedLayers { store.removeOptimistic(layer) }
        for request in effects.requests { send(request) }
        if effects.collects { scheduleCollection() }
    }
}
