import EventLog
import GraphQLCore
import Scheduling
import StoreCore
import Transport

/// How the runtime's values become value-free ``Event``s: an operation's name (only when it is a
/// GraphQL name), its identity's hash, reasons, counts, durations and error kinds. Nothing else
/// reaches the log: no variable, no field value, no header, no server message.
enum EventMapping {
    static func operationName(_ operation: GraphQLOperation) -> Event.OperationName? {
        operation.name.flatMap(Event.OperationName.init)
    }

    static func identity(_ operation: GraphQLOperation) -> Event.IdentityHash {
        Event.IdentityHash(hex: operation.identity.hash) ?? Event.IdentityHash(0)
    }

    /// The log's copy of the scheduler's reasons: a new scheduler reason fails to compile here
    /// until it is given one.
    static func reason(_ reason: Scheduling.FetchReason) -> Event.FetchReason {
        switch reason {
        case .attach: return .attach
        case .invalidation: return .invalidation
        case .revalidation: return .revalidation
        case .heal: return .heal
        case .refetch: return .refetch
        }
    }

    static func fetchStarted(_ operation: GraphQLOperation, reason: Scheduling.FetchReason) -> Event {
        fetchStarted(operation, as: self.reason(reason))
    }

    static func fetchShared(_ operation: GraphQLOperation, reason: Scheduling.FetchReason) -> Event {
        .fetchShared(operation: operationName(operation), identity: identity(operation), reason: self.reason(reason))
    }

    static func fetchSucceeded(
        _ operation: GraphQLOperation, reason: Scheduling.FetchReason, duration: Duration
    ) -> Event {
        fetchSucceeded(operation, as: self.reason(reason), duration: duration)
    }

    static func fetchFailed(
        _ operation: GraphQLOperation, reason: Scheduling.FetchReason, duration: Duration, error: any Error
    ) -> Event {
        fetchFailed(operation, as: self.reason(reason), duration: duration, error: error)
    }

    // The log's own reason, for the requests the scheduler does not plan: a mutation and a
    // subscription's stream (`as:`, so that a literal such as `.heal` is never ambiguous between the
    // two reason types).

    static func fetchStarted(_ operation: GraphQLOperation, as reason: Event.FetchReason) -> Event {
        .fetchStarted(operation: operationName(operation), identity: identity(operation), reason: reason)
    }

    /// How many distinct files `operation` sends and their size now: counts only.
    static func uploadStarted(_ operation: GraphQLOperation) -> Event {
        var seen = Set<Upload>()
        var bytes: Int64 = 0
        for placement in operation.uploads where seen.insert(placement.upload).inserted {
            bytes += placement.upload.byteCount ?? 0
        }
        return .uploadStarted(
            operation: operationName(operation), identity: identity(operation), files: seen.count,
            bytes: Int(clamping: bytes))
    }

    static func fetchSucceeded(_ operation: GraphQLOperation, as reason: Event.FetchReason, duration: Duration) -> Event
    {
        .fetchSucceeded(
            operation: operationName(operation), identity: identity(operation), reason: reason, duration: duration)
    }

    static func fetchFailed(
        _ operation: GraphQLOperation, as reason: Event.FetchReason, duration: Duration, error: any Error
    ) -> Event {
        .fetchFailed(
            operation: operationName(operation), identity: identity(operation), reason: reason, duration: duration,
            error: errorKind(error))
    }

    static func serverErrors(_ operation: GraphQLOperation, as reason: Event.FetchReason, count: Int) -> Event {
        .serverErrors(operation: operationName(operation), identity: identity(operation), reason: reason, count: count)
    }

    static func fieldErrorsStored(_ operation: GraphQLOperation, as reason: Event.FetchReason, count: Int) -> Event {
        .fieldErrorsStored(
            operation: operationName(operation), identity: identity(operation), reason: reason, count: count)
    }

    static func subscriptionParked(_ operation: GraphQLOperation, duration: Duration) -> Event {
        .subscriptionParked(operation: operationName(operation), identity: identity(operation), duration: duration)
    }

    static func subscriptionCancelled(_ operation: GraphQLOperation, duration: Duration) -> Event {
        .subscriptionCancelled(operation: operationName(operation), identity: identity(operation), duration: duration)
    }

    /// `policy` is the raw value of the holder's fetch policy (the log keeps its own copy of the
    /// four policies).
    static func handleAttached(_ operation: GraphQLOperation, policy: String) -> Event {
        .handleAttached(
            operation: operationName(operation), identity: identity(operation),
            policy: Event.FetchPolicy(rawValue: policy) ?? .storeOrNetwork)
    }

    static func handleReleased(_ operation: GraphQLOperation) -> Event {
        .handleReleased(operation: operationName(operation), identity: identity(operation))
    }

    /// The error's kind only: its code, never its message.
    static func errorKind(_ error: any Error) -> Event.ErrorKind {
        switch error {
        case let error as FetchError:
            switch error.code {
            case .graphQLErrors: return .graphQLErrors
            case .invalidResponse: return .invalidResponse
            case .transport: return error.underlying.map(errorKind) ?? .transport
            default: return .other
            }
        case is MissingDataError:
            return .missingData
        case let error as TransportError:
            switch error.code {
            case .http: return error.status.map(Event.ErrorKind.httpStatus) ?? .other
            case .timedOut: return .timeout
            case .cancelled: return .cancelled
            case .cannotConnect, .truncated: return .transport
            case .notJSON, .invalidResponse: return .invalidResponse
            case .invalidRequest: return .invalidOperation
            default: return .transport
            }
        case is StoreError:
            return .invalidResponse
        case is CancellationError:
            return .cancelled
        default:
            return .other
        }
    }
}
