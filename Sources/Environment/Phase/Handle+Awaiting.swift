import Retention
import StoreCore

extension Handle {
    /// Fetches the handle's root again: pull to refresh for one screen. Returns the complete
    /// snapshot once the answer is written and the handle updated, so a refresh control can end
    /// then.
    ///
    /// A fetch of the root already in flight is joined (no second request). While it runs, a
    /// handle with complete data stays `loaded` with it. Throws the fetch's error (``FetchError``,
    /// ``MissingDataError``), ``MissingDataError`` when the answer was written and the data is
    /// still incomplete, and ``HandleError`` without sending anything when the handle was released
    /// (``HandleError/Code/released``) or attached `storeOnly` (``HandleError/Code/storeOnly``).
    @discardableResult
    public func refetch() async throws -> Snapshot {
        guard policy.allowsNetwork else {
            throw HandleError(
                .storeOnly, operationName: operation.name, message: "a storeOnly handle never fetches; nothing was sent"
            )
        }
        guard let id = retentionID else {
            throw HandleError(
                .released, operationName: operation.name, message: "the handle was released; nothing was sent")
        }
        guard let end = await environment.refetch(operation.identity, holder: id) else {
            throw HandleError(
                .released, operationName: operation.name, message: "the handle was released; nothing was sent")
        }
        if case .failed(let error) = end { throw error }
        return try completeSnapshot()
    }

    /// The first complete snapshot: at once when the handle is loaded, else when it becomes loaded.
    ///
    /// Throws the phase's error when the handle becomes `failed` first (``FetchError``,
    /// ``MissingDataError``), and ``HandleError`` with code ``HandleError/Code/released`` when it
    /// is released first.
    public func loaded() async throws -> Snapshot {
        for await phase in phases {
            switch phase {
            case .loading: continue
            case .loaded(let snapshot): return snapshot
            case .failed(let error): throw error
            }
        }
        throw HandleError(
            .released, operationName: operation.name, message: "the handle was released before it loaded")
    }

    /// The phase's snapshot, or its error.
    private func completeSnapshot() throws -> Snapshot {
        switch phase {
        case .loaded(let snapshot): return snapshot
        case .failed(let error): throw error
        case .loading:
            throw HandleError(.released, operationName: operation.name, message: "the handle was released")
        }
    }

    /// The handle's retention, or `nil` once released.
    private var retentionID: RetentionID? {
        state.withLock { $0.isReleased ? nil : $0.retentionID }
    }
}
