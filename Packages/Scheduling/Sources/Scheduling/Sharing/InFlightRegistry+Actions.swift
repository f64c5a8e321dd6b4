extension InFlightRegistry {
    /// What a request to fetch a root asks of the runtime.
    public enum BeginAction: Sendable, Hashable {
        /// No fetch was in flight for the root: send one request, and finish this id with its outcome.
        case start(FetchID)
        /// A fetch is in flight for the root: send nothing, and take that fetch's outcome.
        case join(FetchID)

        /// The fetch started or joined.
        public var fetchID: FetchID {
            switch self {
            case .start(let id), .join(let id): return id
            }
        }
    }

    /// What finishing a fetch asks of the runtime.
    public enum FinishAction: Sendable {
        /// The id was unknown or already finished: nothing to tell anyone.
        case none
        /// The fetch ended: tell the requests that started and joined it, resume `resume` with its
        /// end, and send the follow-up's request when the completion names one.
        case completed(FetchCompletion, resume: [Waiter])
    }
}

extension InFlightRegistry.FinishAction: Equatable where Waiter: Equatable {}
