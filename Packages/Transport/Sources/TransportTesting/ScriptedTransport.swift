import GraphQLCore
import Primitives
import Transport

/// A transport for tests: it records every request, answers from a script, and holds, fails or
/// streams on demand, so that a test controls exactly when and how each request is answered.
///
/// Script answers by operation name or by operation identity with ``answer(_:with:)`` (every time)
/// and ``answerOnce(_:with:)`` (the next matching request only, before any standing answer). An
/// identity entry wins over a name entry, and a name entry over ``Key/any``. A request nothing answers
/// fails with `TransportError.Code.unscripted`.
///
/// ``hold(_:)`` keeps matching requests open until ``release(requestAt:with:)``, or until
/// ``releaseAll()``, which also stops holding; ``request(at:)``
/// waits until request N has arrived, so a test never sleeps to let a request "get there". Requests
/// are numbered from 0 in the order they arrived, and counted exactly: ``requestCount``,
/// ``requests(named:)``.
public final class ScriptedTransport: Transport {
    private typealias Continuation = AsyncThrowingStream<GraphQLResponse, any Error>.Continuation

    private struct State {
        var requests: [GraphQLRequest] = []
        var open: [Int: Continuation] = [:]
        var held: Set<Int> = []
        var holds: Set<Key> = []
        var standing: [Key: Answer] = [:]
        var once: [Key: [Answer]] = [:]
        var arrivalWaiters: [Int: [CheckedContinuation<GraphQLRequest, Never>]] = [:]

        func keys(for request: GraphQLRequest) -> [Key] {
            var keys: [Key] = [.identity(request.identity)]
            if let name = request.operationName { keys.append(.operationName(name)) }
            keys.append(.any)
            return keys
        }

        func isHeld(_ request: GraphQLRequest) -> Bool {
            keys(for: request).contains { holds.contains($0) }
        }

        mutating func takeAnswer(for request: GraphQLRequest) -> Answer {
            let keys = keys(for: request)
            for key in keys {
                if var queue = once[key], !queue.isEmpty {
                    let answer = queue.removeFirst()
                    once[key] = queue.isEmpty ? nil : queue
                    return answer
                }
            }
            for key in keys {
                if let answer = standing[key] { return answer }
            }
            let name = request.operationName ?? "an unnamed operation"
            return .failure(TransportError(.unscripted, "no answer is scripted for \(name)"))
        }
    }

    private let state = Locked(State())

    /// An empty script: every request fails with `TransportError.Code.unscripted` until scripted.
    public init() {}

    // MARK: Scripting

    /// Answers every request that matches `key` with `answer`, replacing an earlier standing answer.
    public func answer(_ key: Key, with answer: Answer) {
        state.withLock { $0.standing[key] = answer }
    }

    /// Answers the next request that matches `key` with `answer`; several calls queue in order.
    public func answerOnce(_ key: Key, with answer: Answer) {
        state.withLock { $0.once[key, default: []].append(answer) }
    }

    /// Fails the next request that matches `key` with `error`.
    public func failOnce(_ key: Key, with error: any Error = TransportError(.cannotConnect, "scripted failure")) {
        answerOnce(key, with: .failure(error))
    }

    /// Holds every later request that matches `key` open, unanswered, until it is released, or
    /// until ``releaseAll()`` lets everything through.
    public func hold(_ key: Key) {
        _ = state.withLock { $0.holds.insert(key) }
    }

    /// Stops holding later requests that match `key`; requests held already stay held.
    public func stopHolding(_ key: Key) {
        _ = state.withLock { $0.holds.remove(key) }
    }

    /// Answers held request `index` with `answer`, or with what the script says now when `nil`.
    /// Returns `false` when that request is not held (not arrived, released, or cancelled).
    @discardableResult
    public func release(requestAt index: Int, with answer: Answer? = nil) -> Bool {
        let delivery = state.withLock { state -> (Continuation, Answer)? in
            guard state.held.remove(index) != nil, let continuation = state.open[index] else { return nil }
            let answer = answer ?? state.takeAnswer(for: state.requests[index])
            if case .open = answer {} else { state.open[index] = nil }
            return (continuation, answer)
        }
        guard let (continuation, answer) = delivery else { return false }
        Self.deliver(answer, to: continuation)
        return true
    }

    /// Lets everything through: releases every held request, in the order they arrived, each with
    /// what the script says now, and stops holding, so a request that arrives later is answered from
    /// the script too.
    ///
    /// A test can call it before a held request has arrived (a request sent from another task) and
    /// that request will not wait. Both happen under one lock, so a request arriving meanwhile is
    /// either released or never held. To hold later requests again, call ``hold(_:)`` again; to
    /// release some held requests and keep holding, use ``release(requestAt:with:)``.
    public func releaseAll() {
        let deliveries = state.withLock { state -> [(Continuation, Answer)] in
            state.holds.removeAll()
            let held = state.held.sorted()
            state.held.removeAll()
            return held.compactMap { index in
                guard let continuation = state.open[index] else { return nil }
                let answer = state.takeAnswer(for: state.requests[index])
                if case .open = answer {} else { state.open[index] = nil }
                return (continuation, answer)
            }
        }
        for (continuation, answer) in deliveries { Self.deliver(answer, to: continuation) }
    }

    /// Sends `response` on request `index`, which was answered ``Answer/open``.
    public func send(_ response: GraphQLResponse, toRequestAt index: Int) {
        let continuation = state.withLock { $0.held.contains(index) ? nil : $0.open[index] }
        continuation?.yield(response)
    }

    /// Ends the stream of request `index`, which was answered ``Answer/open``, with `error` or normally.
    public func finish(requestAt index: Int, throwing error: (any Error)? = nil) {
        let continuation = state.withLock { state -> Continuation? in
            guard !state.held.contains(index) else { return nil }
            return state.open.removeValue(forKey: index)
        }
        if let error { continuation?.finish(throwing: error) } else { continuation?.finish() }
    }

    // MARK: Observing

    /// How many requests have arrived.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// Every request, in the order it arrived.
    public var requests: [GraphQLRequest] { state.withLock { $0.requests } }

    /// The requests whose operation name is `name`, in order.
    public func requests(named name: String) -> [GraphQLRequest] {
        state.withLock { $0.requests.filter { $0.operationName == name } }
    }

    /// The requests for the operation with `identity`, in order.
    public func requests(for identity: OperationIdentity) -> [GraphQLRequest] {
        state.withLock { $0.requests.filter { $0.identity == identity } }
    }

    /// The numbers of the requests held now, in order.
    public var heldRequests: [Int] { state.withLock { $0.held.sorted() } }

    /// How many streams are still open: held, or answered ``Answer/open`` and not finished. A
    /// cancelled request's stream closes, so this shows that cancellation freed it.
    public var openRequestCount: Int { state.withLock { $0.open.count } }

    /// Request number `index` (from 0), once it has arrived: returns at once if it has, else when it does.
    public func request(at index: Int) async -> GraphQLRequest {
        await withCheckedContinuation { (continuation: CheckedContinuation<GraphQLRequest, Never>) in
            let arrived = state.withLock { state -> GraphQLRequest? in
                if index < state.requests.count { return state.requests[index] }
                state.arrivalWaiters[index, default: []].append(continuation)
                return nil
            }
            if let arrived { continuation.resume(returning: arrived) }
        }
    }

    // MARK: Transport

    /// Records `request`, then holds it or answers it from the script.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        let (waiters, answer) = state.withLock { state -> ([CheckedContinuation<GraphQLRequest, Never>], Answer?) in
            let index = state.requests.count
            state.requests.append(request)
            let waiters = state.arrivalWaiters.removeValue(forKey: index) ?? []
            continuation.onTermination = { [weak self] _ in self?.closed(index) }
            if state.isHeld(request) {
                state.held.insert(index)
                state.open[index] = continuation
                return (waiters, nil)
            }
            let answer = state.takeAnswer(for: request)
            if case .open = answer { state.open[index] = continuation }
            return (waiters, answer)
        }
        for waiter in waiters { waiter.resume(returning: request) }
        if let answer { Self.deliver(answer, to: continuation) }
        return stream
    }

    private func closed(_ index: Int) {
        state.withLock { state in
            state.held.remove(index)
            state.open[index] = nil
        }
    }

    private static func deliver(_ answer: Answer, to continuation: Continuation) {
        switch answer {
        case .response(let response):
            continuation.yield(response)
            continuation.finish()
        case .responses(let responses):
            for response in responses { continuation.yield(response) }
            continuation.finish()
        case .failure(let error):
            continuation.finish(throwing: error)
        case .open:
            break
        }
    }
}
