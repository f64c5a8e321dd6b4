import Primitives

/// One caller's place in a ``BatchingTransport`` batch: its request and the continuation its answer
/// goes to, resumed exactly once whether the answer, the batch's failure or the caller's cancellation
/// comes first.
final class BatchSlot: Sendable {
    private enum Phase {
        case new
        case waiting(CheckedContinuation<GraphQLResponse, any Error>)
        case cancelled
        case done
    }

    let request: GraphQLRequest
    private let phase = Locked(Phase.new)

    init(_ request: GraphQLRequest) { self.request = request }

    /// Holds `continuation` for the answer; `false` (after resuming it with the cancellation) when the
    /// caller was cancelled before it got here.
    func wait(_ continuation: CheckedContinuation<GraphQLResponse, any Error>) -> Bool {
        let cancelled = phase.withLock { phase -> Bool in
            guard case .new = phase else { return true }
            phase = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: Self.cancellation) }
        return !cancelled
    }

    /// Whether the caller gave up: its slot is skipped when the batch is sent, its answer dropped.
    var isCancelled: Bool {
        phase.withLock { phase in
            if case .cancelled = phase { return true }
            return false
        }
    }

    /// Delivers `result` to the caller, unless it already has an answer or was cancelled.
    func resolve(_ result: Result<GraphQLResponse, any Error>) {
        let continuation = phase.withLock { phase -> CheckedContinuation<GraphQLResponse, any Error>? in
            guard case .waiting(let continuation) = phase else { return nil }
            phase = .done
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// Ends the caller's wait with ``TransportError/Code/cancelled``; `true` when it was waiting.
    @discardableResult
    func cancel() -> Bool {
        let continuation = phase.withLock { phase -> CheckedContinuation<GraphQLResponse, any Error>?? in
            switch phase {
            case .new:
                phase = .cancelled
                return .some(nil)
            case .waiting(let continuation):
                phase = .cancelled
                return continuation
            case .cancelled, .done: return nil
            }
        }
        guard let continuation else { return false }
        continuation?.resume(throwing: Self.cancellation)
        return continuation != nil
    }

    private static let cancellation = TransportError(.cancelled, "the request was cancelled while in a batch")
}
