import StoreCore

extension Handle {
    /// What a screen shows for a handle, derived from its snapshot and its fetch.
    ///
    /// Complete data is `loaded` whatever the fetch is doing: a handle with data never goes back to
    /// `loading` while it refetches, and a refetch that fails keeps the data on screen (the failure
    /// is in ``Handle/fetch``). When a write leaves the data incomplete and a fetch is in flight to
    /// bring it (a heal, a revalidation, an invalidation, a refetch), a handle that has shown
    /// complete data stays `loaded` with its last complete snapshot until the answer lands; it
    /// never passes through `loading` or a passing `failed`. Without complete data, the phase is
    /// `loading` while a fetch is in flight and `failed` when none will bring the data.
    ///
    /// The error of ``failed(_:)`` is one of a closed set: ``FetchError`` (the transport failed,
    /// the store refused the response, or the server answered with errors and no data) or
    /// ``MissingDataError`` (the data is not in the store and no fetch will bring it). Each has an
    /// extensible `code`; a `switch` over the two types with a `default` is complete.
    public enum Phase: Sendable, CustomStringConvertible {
        /// No data to show yet; a fetch is in flight (or, for `networkOnly`, the first fetch has
        /// not completed).
        case loading
        /// The data, complete.
        case loaded(Snapshot)
        /// No data to show and no fetch in flight: a ``FetchError`` or a ``MissingDataError``, and
        /// never another type.
        case failed(any Error)

        /// The snapshot when ``loaded(_:)``.
        public var snapshot: Snapshot? {
            if case .loaded(let snapshot) = self { return snapshot }
            return nil
        }

        /// The error when ``failed(_:)``.
        public var error: (any Error)? {
            if case .failed(let error) = self { return error }
            return nil
        }

        /// The field errors the store holds in the loaded data (`Snapshot.fieldErrors`), each at
        /// its path in this handle's document, whichever operation's answer stored it; empty when
        /// not loaded.
        public var fieldErrors: [FieldError] { snapshot?.fieldErrors ?? [] }

        /// Whether this is ``loading``.
        public var isLoading: Bool {
            if case .loading = self { return true }
            return false
        }

        /// `loading`, `loaded`, or `failed(error)`. Never prints the data.
        public var description: String {
            switch self {
            case .loading: return "loading"
            case .loaded: return "loaded"
            case .failed(let error): return "failed(\(type(of: error)))"
            }
        }

        /// Whether a change from `other` to this phase is worth telling observers: a different
        /// case, other data, or another failure.
        func differs(from other: Phase, failureChanged: Bool) -> Bool {
            switch (self, other) {
            case (.loading, .loading): return false
            case (.loaded(let new), .loaded(let old)):
                return new.data != old.data || new.isMissingData != old.isMissingData
                    || new.fieldErrors != old.fieldErrors
            case (.failed, .failed): return failureChanged
            default: return true
            }
        }
    }
}
