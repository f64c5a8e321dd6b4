extension GraphQLSubscription {
    /// Where a subscription's stream is: what a screen shows of a live feed, observed as a handle's
    /// phase is (Observation tracks ``GraphQLSubscription/phase``).
    ///
    /// A phase changes when a stream opens, brings its first event, or ends, never at each event:
    /// the events themselves are in ``GraphQLSubscription/events()`` and
    /// ``GraphQLSubscription/eventCount``. Each change is made before the runtime logs it, so code
    /// that reacts to the log reads the phase the event stands for.
    public enum Phase: Sendable, CustomStringConvertible {
        /// A stream is open (or opening) and has brought no event yet.
        case connecting
        /// The stream has brought an event: the server answers it.
        case active
        /// The environment is not active (``GraphQLEnvironment/isActive``): no stream is open, and one
        /// opens when it becomes active again.
        case parked
        /// The last stream failed with this error (``GraphQLSubscription/failure``); a new one opens
        /// when the environment becomes active again.
        case failed(any Error)
        /// The server ended the last stream; a new one opens when the environment becomes active
        /// again.
        case finished
        /// ``GraphQLSubscription/cancel()`` ended the subscription for good.
        case cancelled

        /// The error when ``failed(_:)``.
        public var error: (any Error)? {
            if case .failed(let error) = self { return error }
            return nil
        }

        /// `connecting`, `active`, `parked`, `failed(type)`, `finished` or `cancelled`. Never prints
        /// an error's message.
        public var description: String {
            switch self {
            case .connecting: return "connecting"
            case .active: return "active"
            case .parked: return "parked"
            case .failed(let error): return "failed(\(type(of: error)))"
            case .finished: return "finished"
            case .cancelled: return "cancelled"
            }
        }
    }
}
