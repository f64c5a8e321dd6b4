import GraphQLCore
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

extension GraphQLEnvironment {
    /// Attaches `operation` with `policy`: retains its root, reads it from the store, and fetches as
    /// the policy says. The policy stays with this attach's retention.
    ///
    /// - `storeOnly` never fetches; without complete data the handle fails with
    ///   ``MissingDataError``, and becomes loaded when another operation writes the data.
    /// - `storeOrNetwork` fetches when the data is missing or stale.
    /// - `storeAndNetwork` shows what the store has and always fetches.
    /// - `networkOnly` fetches, and shows store data only after that fetch succeeds.
    ///
    /// A fetch in flight for the same operation and variables is joined: 1,000 attaches make one
    /// request.
    public func attach(_ operation: GraphQLOperation, policy: FetchPolicy = .storeOrNetwork) -> Handle {
        attach(operation, readRoot: nil, policy: policy)
    }

    /// Attaches `operation`, whose handles read `readRoot` when given (a fragment's record) instead
    /// of the operation's own root.
    func attach(_ operation: GraphQLOperation, readRoot: StoreRoot?, policy: FetchPolicy) -> Handle {
        let root = operation.identity
        let now = clock.now()
        var effects = Effects()
        let handle = state.withLock { state -> Handle in
            var entry =
                state.roots[root]
                ?? RootEntry(
                    operation: operation, defaultExpiration: configuration.defaultExpiration,
                    serverMaxAge: store.serverMaxAge(forRoot: root.hash), readRoot: readRoot)
            if entry.subscription == nil {
                let subscription = store.subscribe(to: entry.storeRoot) { [weak self] snapshot in
                    self?.storeChanged(root, snapshot)
                }
                entry.subscribe(subscription)
            }
            // A document that sends the entry's text but reads other fields (a generated operation
            // and the app's own document of one query) shares the fetch and reads on its own.
            let reading = entry.reading(of: readRoot ?? StoreRoot(operation: operation))
            let snapshot =
                reading.map { entry.snapshot(ofReading: $0, in: store) } ?? entry.snapshot
                ?? store.lookup(entry.storeRoot)
            let handle = Handle(
                environment: self, operation: operation, policy: policy, snapshot: snapshot, reading: reading)
            let id = state.retentions.retain(root: root, policy: policy)
            // The root's one fetch record: a handle re-attached from the release buffer after a
            // failure shows that failure, which revalidate() retries (decision 0131).
            let fetch = state.fetchState(of: root)
            _ = handle.update { handleState in
                handleState.retentionID = id
                if policy.allowsNetwork { handleState.fetch = fetch }
            }
            entry.handles[id] = WeakHandle(handle: handle)
            state.roots[root] = entry
            state.retentionsChanged(for: root)
            effects.events.append(EventMapping.handleAttached(operation, policy: policy.rawValue))

            let fetches: Bool
            switch policy {
            case .storeOnly:
                fetches = false
            case .storeOrNetwork:
                let availability = store.check(entry.storeRoot)
                fetches = !RuntimeState.staleness(availability, expiration: entry.expiration, now: now).isFresh
            case .storeAndNetwork, .networkOnly:
                fetches = true
            }
            if fetches { _ = state.begin(root, reason: .attach, store: store, into: &effects) }
            return handle
        }
        perform(effects)
        return handle
    }
}
